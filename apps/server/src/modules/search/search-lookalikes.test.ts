import { readFileSync, globSync } from 'node:fs';
import { hashDistance, LOOKALIKE_MAX_DISTANCE, screenshotHash, structureHash } from '@riskscan/scanner';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { Fingerprint } from './search-likeness.ts';
import { searchScans } from './search-service.ts';
import { insertFingerprints, type IndexedScan } from './search.repository.ts';

/**
 * The look-alike searches' quality on a seeded index of 10,000 scans: planted kits, each deployed
 * several times with the noise a re-deployment brings (other texts, colours a shade off, a few
 * pixels' shift, another compression; for the DOM other texts, addresses and a tracker), among
 * other rendered pages and random fingerprints. `similar:` and `structure:` from any deployment
 * must find its kit's other deployments with precision and recall of at least 0.9.
 */
const FIXTURES_ROOT = new URL('../../../../../', import.meta.url);
const TOTAL_SCANS = 10_000;
const KITS = 20;
const DEPLOYMENTS = 8;
const OTHER_RENDERED_PAGES = 400;

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Box = { x: number; y: number; w: number; h: number; shade: number };
type Layout = { background: number; boxes: Box[] };
const WIDTH = 342;
const HEIGHT = 192;

/** A page's layout as a kit fixes it: header, logo, form box, fields, button, content blocks. */
function layoutOf(next: () => number): Layout {
  const int = (min: number, max: number) => Math.floor(min + next() * (max - min));
  const boxes: Box[] = [{ x: 0, y: 0, w: WIDTH, h: int(14, 50), shade: int(0, 255) }];
  for (let block = int(3, 7); block > 0; block--)
    boxes.push({ x: int(0, 300), y: int(20, 170), w: int(30, 200), h: int(15, 90), shade: int(0, 255) });
  return { background: int(200, 256), boxes };
}

/** One deployment's screenshot: the kit's layout with its own texts, colours a shade off, shifted, re-encoded. */
async function render(layout: Layout, next: () => number): Promise<Uint8Array> {
  const jitter = (value: number, by: number) => Math.max(0, Math.min(255, Math.round(value + (next() - 0.5) * 2 * by)));
  const dx = Math.round((next() - 0.5) * 6);
  const dy = Math.round((next() - 0.5) * 6);
  const grey = (shade: number) => `rgb(${shade},${shade},${shade})`;
  const boxes = layout.boxes.map(
    (box) => `<rect x="${box.x + dx}" y="${box.y + dy}" width="${box.w}" height="${box.h}" fill="${grey(jitter(box.shade, 12))}"/>`,
  );
  const texts = Array.from({ length: 6 }, () => {
    const box = layout.boxes[Math.floor(next() * layout.boxes.length)]!;
    return `<rect x="${box.x + dx + 3}" y="${box.y + dy + 3}" width="${Math.floor(next() * Math.max(4, box.w - 6))}" height="3" fill="#222"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${grey(layout.background)}"/>${boxes.join('')}${texts.join('')}</svg>`;
  return new Uint8Array(
    await sharp(Buffer.from(svg))
      .webp({ quality: 40 + Math.floor(next() * 40) })
      .toBuffer(),
  );
}

/** The same kit on another host, in another language, with a tracker or a hidden field added. */
function redeployed(html: string, next: () => number): string {
  const words = ['Anmelden', 'Connexion', 'Accedi', 'Sign in now', 'Verify'];
  const extra = next() < 0.5 ? '<script src="/t.js"></script>' : '<input type="hidden" name="session">';
  return html
    .replace(/>([^<]+)</g, () => `>${words[Math.floor(next() * words.length)]}<`)
    .replace(/(href|src|action)="[^"]*"/g, (_, attribute: string) => `${attribute}="https://h${Math.floor(next() * 1e6)}.example/p"`)
    .replace('</body>', `${extra}</body>`);
}

const randomHash = (next: () => number) =>
  Array.from({ length: 4 }, () =>
    Math.floor(next() * 0x10000)
      .toString(16)
      .padStart(4, '0'),
  ).join('');

let testDb: TestDatabase;
/** The scans of each planted kit, by kit. */
const visualKits: string[][] = [];
const structureKits: string[][] = [];

async function seed() {
  const next = random(38);
  const fingerprints = new Map<string, Fingerprint[]>();
  const add = (uid: string, print: Fingerprint) => fingerprints.set(uid, [...(fingerprints.get(uid) ?? []), print]);
  let uid = 0;
  const newUid = () => `scan-${String(uid++).padStart(5, '0')}`;

  for (let kit = 0; kit < KITS; kit++) {
    const layout = layoutOf(next);
    const scans: string[] = [];
    for (let deployment = 0; deployment < DEPLOYMENTS; deployment++) {
      const scan = newUid();
      add(scan, { kind: 'screenshot', hash: (await screenshotHash(await render(layout, next)))! });
      scans.push(scan);
    }
    visualKits.push(scans);
  }
  for (let page = 0; page < OTHER_RENDERED_PAGES; page++) {
    add(newUid(), { kind: 'screenshot', hash: (await screenshotHash(await render(layoutOf(next), next)))! });
  }

  // Real fixture pages as the structure kits: those built from different templates (fixture sites
  // that share one kit's template would be the same kit twice).
  const pages: string[] = [];
  for (const file of globSync('fixtures/sites/*/public/*.html', { cwd: FIXTURES_ROOT }).sort()) {
    const html = readFileSync(new URL(file, FIXTURES_ROOT), 'utf8');
    const hash = structureHash(html);
    if (hash && pages.every((other) => hashDistance(structureHash(other)!, hash) > 2 * LOOKALIKE_MAX_DISTANCE.structure)) pages.push(html);
  }
  expect(pages.length).toBeGreaterThanOrEqual(10);
  for (const html of pages) {
    const scans: string[] = [];
    for (let deployment = 0; deployment < DEPLOYMENTS; deployment++) {
      const scan = newUid();
      add(scan, { kind: 'structure', hash: structureHash(redeployed(html, next))! });
      scans.push(scan);
    }
    structureKits.push(scans);
  }
  while (uid < TOTAL_SCANS) {
    const scan = newUid();
    add(scan, { kind: 'screenshot', hash: randomHash(next) });
    add(scan, { kind: 'structure', hash: randomHash(next) });
  }

  const entries = [...fingerprints.keys()].map((scanUid, index): IndexedScan => ({
    scan_uid: scanUid,
    owner_id: null,
    visibility: 'public',
    listed: true,
    url: `https://${scanUid}.example/`,
    host: `${scanUid}.example`,
    ip: null,
    asn: null,
    overall_risk: 80,
    level: 'Danger',
    finished_at: new Date(Date.UTC(2026, 10, 1) + index * 60_000),
    thumbnail: null,
  }));
  for (let start = 0; start < entries.length; start += 1000) {
    const chunk = entries.slice(start, start + 1000);
    await testDb.db.insertInto('search_scans').values(chunk).execute();
    await insertFingerprints(
      testDb.db,
      chunk.map((entry) => ({ scanUid: entry.scan_uid, fingerprints: fingerprints.get(entry.scan_uid)! })),
    );
  }
}

/** Every uid `q` finds, through all its pages. */
async function found(q: string): Promise<string[]> {
  const uids: string[] = [];
  for (let page = 1; ; page++) {
    const result = await searchScans(testDb.db, null, { q, page }, String);
    uids.push(...result.results.map((hit) => hit.uid));
    if (!result.next) return uids;
  }
}

async function quality(field: string, kits: string[][]) {
  let truePositives = 0;
  let returned = 0;
  let wanted = 0;
  for (const kit of kits) {
    // Two deployments of each kit ask: the first and one in the middle.
    for (const asking of [kit[0]!, kit[DEPLOYMENTS / 2]!]) {
      const hits = await found(`${field}:${asking}`);
      expect(hits).not.toContain(asking);
      truePositives += hits.filter((hit) => kit.includes(hit)).length;
      returned += hits.length;
      wanted += kit.length - 1;
    }
  }
  return { precision: truePositives / Math.max(1, returned), recall: truePositives / wanted };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seed();
}, 180_000);

afterAll(async () => {
  await testDb.drop();
});

describe('look-alike search among 10,000 scans', () => {
  it('seeded the whole index', async () => {
    const count = await testDb.db
      .selectFrom('search_scans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TOTAL_SCANS);
  });

  it('similar: finds the other deployments of a kit by the screenshot, precision and recall >= 0.9', async () => {
    const { precision, recall } = await quality('similar', visualKits);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('structure: finds the other deployments of a kit by the DOM, precision and recall >= 0.9', async () => {
    const { precision, recall } = await quality('structure', structureKits);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('ranks the hits closest first and says how far each is', async () => {
    const result = await searchScans(testDb.db, null, { q: `similar:${visualKits[0]![0]}`, page: 1 }, String);
    const distances = result.results.map((hit) => hit.distance!);
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(LOOKALIKE_MAX_DISTANCE.screenshot);
  });

  it('combines with other terms: a look-alike search narrowed by date', async () => {
    expect(await found(`similar:${visualKits[0]![0]} to:2000-01-01`)).toEqual([]);
  });
});
