import { scanTimelineSchema, searchPageSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOf } from '../../testing/report-factory.ts';
import { bearer, finishedScan, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { indexFinishedScan, SEARCH_PAGE_SIZE } from './search-service.ts';

let t: ScanTestWorld;
let owner: { id: number; uid: string; token: string };
let other: { id: number; uid: string; token: string };
const uids: Record<'public' | 'sibling' | 'unlisted' | 'private', string> = { public: '', sibling: '', unlisted: '', private: '' };

const queue = async (token: string, body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/scans/', headers: bearer(token), payload: { new: true, ...body } });
  expect(response.statusCode).toBe(202);
  const uid: string = response.json().uid;
  expect((await finishedScan(t.app, uid, bearer(token))).status).toBe('done');
  return uid;
};

const search = (query: Record<string, string>, token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/search/', query, headers: token ? bearer(token) : {} });
const foundUids = async (q: string, token?: string) => {
  const response = await search({ q }, token);
  expect(response.statusCode).toBe(200);
  return searchPageSchema.parse(response.json()).results.map((hit) => hit.uid);
};

beforeAll(async () => {
  t = await startScanTestWorld();
  owner = await t.signedInUser();
  other = await t.signedInUser();
  uids.public = await queue(owner.token, { url: 'https://sunny-garden-blog.com/' });
  uids.sibling = await queue(other.token, { url: 'https://bergstrom-dental.ch/' });
  uids.unlisted = await queue(owner.token, { url: 'https://lakeside-campground.com/', visibility: 'unlisted' });
  uids.private = await queue(owner.token, { url: 'https://alpine-hiking-club.ch/', visibility: 'private' });
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/search/', () => {
  it('finds a public scan by its domain, for anyone', async () => {
    expect(await foundUids('domain:sunny-garden-blog.com')).toEqual([uids.public]);
    expect(await foundUids('domain:SUNNY-GARDEN-BLOG.COM', other.token)).toEqual([uids.public]);
  });

  it('finds the scans of sites on the same address (siblings) by IP, but others never see unlisted or private scans', async () => {
    const anonymous = await foundUids('ip:127.0.0.1');
    expect(anonymous).toEqual(expect.arrayContaining([uids.public, uids.sibling]));
    expect(anonymous).not.toContain(uids.unlisted);
    expect(anonymous).not.toContain(uids.private);
    expect(await foundUids('ip:127.0.0.1', other.token)).not.toContain(uids.private);
  });

  it('finds the owner their own unlisted and private scans', async () => {
    const own = await foundUids('ip:127.0.0.1', owner.token);
    expect(own).toEqual(expect.arrayContaining([uids.public, uids.sibling, uids.unlisted, uids.private]));
    expect(await foundUids('alpine-hiking', owner.token)).toEqual([uids.private]);
  });

  it('filters by level and date and matches words in the URL', async () => {
    const level = (await search({ q: 'domain:sunny-garden-blog.com' })).json().results[0].level;
    expect(await foundUids(`domain:sunny-garden-blog.com level:${level}`)).toEqual([uids.public]);
    const otherLevel = ['Secure', 'Danger'].find((name) => name !== level)!;
    expect(await foundUids(`domain:sunny-garden-blog.com level:${otherLevel}`)).toEqual([]);
    expect(await foundUids('sunny-garden date:>2000-01-01')).toEqual([uids.public]);
    expect(await foundUids('sunny-garden to:2000-01-01')).toEqual([]);
    expect(await foundUids('"https://sunny-garden-blog.com/"')).toEqual([uids.public]);
  });

  it('refuses unclear searches with a 400 that says what to write', async () => {
    for (const [q, words] of [
      ['colour:red', 'Unknown search field'],
      ['ip:not-an-ip', 'ip: takes an IPv4 or IPv6 address'],
      ['asn:cloud', 'asn: takes an AS number'],
      ['date:yesterday', 'date: takes a date as YYYY-MM-DD'],
      ['level:scary', 'level: takes one of'],
      ['hash:xyz', 'hash: takes a hexadecimal hash'],
    ] as const) {
      const response = await search({ q });
      expect(response.statusCode).toBe(400);
      expect(response.json().q[0]).toContain(words);
    }
    const empty = await search({ q: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['q']);
  });

  it('pages with absolute next and previous links', async () => {
    const report = (host: string) =>
      reportOf(`https://${host}/`, {
        ip: '198.51.100.9',
        overall_risk: 10,
        hosting: { ip: '198.51.100.9', country_code: 'DE', country_name: 'Germany', asn: 64500, as_name: 'Example AS' },
        page_sha256: 'ab'.repeat(32),
      });
    for (let index = 0; index < SEARCH_PAGE_SIZE + 3; index++) {
      const host = `paged-${index}.example`;
      await indexFinishedScan(t.app.db, {
        uid: `paged-${index}`,
        ownerId: null,
        visibility: 'public',
        listed: true,
        url: `https://${host}/`,
        result: report(host),
      });
    }
    const first = searchPageSchema.parse((await search({ q: 'asn:AS64500' })).json());
    expect(first.count).toBe(SEARCH_PAGE_SIZE + 3);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.protocol).toBe('http:');
    expect(next.pathname).toBe('/api/v1/search/');
    const second = searchPageSchema.parse((await search(Object.fromEntries(next.searchParams))).json());
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(new URL(second.previous!).searchParams.get('page')).toBe('1');
    expect(await foundUids(`hash:${'AB'.repeat(32)} paged-7`)).toEqual(['paged-7']);
  });
});

describe('look-alike modifiers', () => {
  const capture = (hashes: { screenshot_hash?: string; dom_simhash?: string; favicon_hash?: string }) => ({
    status: 'complete' as const,
    message: '',
    screenshot: '/screenshots/shot.webp',
    thumbnail: '/screenshots/thumb.webp',
    final_url: null,
    title: null,
    favicon: null,
    redirects: [],
    requests: [],
    console_errors: [],
    cookies: [],
    downloads: [],
    dialogs: 0,
    popups: [],
    duration_ms: 0,
    ...hashes,
  });
  const kit = { screenshot_hash: '0123456789abcdef', dom_simhash: 'f0f0f0f0f0f0f0f0', favicon_hash: '1111222233334444' };
  const place = async (uid: string, hashes: Parameters<typeof capture>[0], visibility: 'public' | 'private' = 'public') =>
    indexFinishedScan(t.app.db, {
      uid,
      ownerId: owner.id,
      visibility,
      listed: visibility === 'public',
      url: `https://${uid}.example/`,
      result: reportOf(`https://${uid}.example/`, { capture: capture(hashes) }),
    });

  beforeAll(async () => {
    await place('kit-first', kit);
    // One bit off in the screenshot, three in the structure: the same kit re-deployed.
    await place('kit-again', { ...kit, screenshot_hash: '0123456789abcdee', dom_simhash: 'f0f0f0f0f0f0f0f7' });
    await place('kit-private', kit, 'private');
    await place('unrelated', { screenshot_hash: 'fedcba9876543210', dom_simhash: '0f0f0f0f0f0f0f0f', favicon_hash: 'aaaabbbbccccdddd' });
  });

  it('similar: ranks the scans whose screenshot looks alike, closest first, with distance and an absolute thumbnail', async () => {
    const page = searchPageSchema.parse((await search({ q: 'similar:kit-first' })).json());
    expect(page.results.map((hit) => hit.uid)).toEqual(['kit-again']);
    expect(page.results[0]!.distance).toBe(1);
    expect(page.results[0]!.thumbnail).toBe('http://localhost/screenshots/thumb.webp');
    expect(await foundUids('similar:kit-first', owner.token)).toEqual(['kit-private', 'kit-again']);
  });

  it('structure: and favicon: find the same kit by its DOM and its icon', async () => {
    expect(await foundUids('structure:kit-first')).toEqual(['kit-again']);
    expect(await foundUids(`favicon:${kit.favicon_hash.toUpperCase()}`)).toEqual(['kit-again', 'kit-first']);
    expect(await foundUids('similar:kit-first domain:nowhere.example')).toEqual([]);
  });

  it('refuses a scan the caller cannot open, a malformed hash and two modifiers with a 400 that says why', async () => {
    for (const [q, words] of [
      ['similar:kit-private', 'similar: found no scan "kit-private" with a screenshot to compare that you can open.'],
      ['structure:missing-scan', 'structure: found no scan "missing-scan" with a page to compare that you can open.'],
      ['favicon:xyz', 'favicon: takes a favicon hash of 16 hexadecimal digits, not "xyz".'],
      ['similar:kit-first structure:kit-first', 'Use one of similar:, structure: or favicon: in a search, not several.'],
    ] as const) {
      const response = await search({ q }, other.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ q: [words] });
    }
  });
});

describe('OpenAPI document', () => {
  it('documents the search with its parameters and syntax, and the history', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const search = document.paths['/api/v1/search/'].get;
    expect(search.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['q', 'page']));
    expect(search.description).toContain('`domain:example.com`');
    expect(search.description).toContain('`similar:<scan uid>`');
    expect(search.responses).toHaveProperty('400');
    expect(document.paths).toHaveProperty(['/api/v1/search/history/{uid}/']);
    const checkUrl = document.paths['/api/v1/check-url/'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(checkUrl).toContain('visibility');
  });
});

describe('visibility', () => {
  const report = (uid: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/scans/${uid}/`, headers: token ? bearer(token) : {} });

  it('opens an unlisted scan by its permalink for anyone, never a private one, and lists neither on the board', async () => {
    expect((await report(uids.unlisted, other.token)).statusCode).toBe(200);
    // The permalink page reads the scan API's shared-scan route, which needs no credentials.
    expect((await t.app.inject({ method: 'GET', url: `/api/recent-scans/${uids.unlisted}/` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/recent-scans/${uids.private}/` })).statusCode).toBe(404);
    expect((await report(uids.private, other.token)).statusCode).toBe(404);
    expect((await report(uids.private, owner.token)).statusCode).toBe(200);
    const board = (await t.app.inject({ method: 'GET', url: '/api/recent-scans/' })).json() as { uid: string }[];
    expect(board.map((row) => row.uid)).toContain(uids.public);
    expect(board.map((row) => row.uid)).not.toContain(uids.unlisted);
    expect(board.map((row) => row.uid)).not.toContain(uids.private);
  });

  it('keeps the history detail of the chosen visibility', async () => {
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/scan-history/${uids.unlisted}/`, headers: bearer(owner.token) });
    expect(detail.json().options.visibility).toBe('unlisted');
  });
});

describe('GET /api/v1/search/history/{uid}/', () => {
  it("lists past scans of the report's URL and host with their scores, newest first", async () => {
    const again = await queue(other.token, { url: 'https://sunny-garden-blog.com/' });
    // Asked at once after the scan reads done: the runner indexes it in the transaction that marks it done.
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/search/history/${again}/` });
    expect(response.statusCode).toBe(200);
    const timeline = scanTimelineSchema.parse(response.json());
    expect(timeline.host).toBe('sunny-garden-blog.com');
    expect(timeline.same_url.map((hit) => hit.uid)).toEqual([again, uids.public]);
    expect(timeline.same_host.map((hit) => hit.uid)).toEqual([again, uids.public]);
    expect(typeof timeline.same_url[0]!.overall_risk_score).toBe('number');
  });

  it('answers 404 for a private scan of someone else', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/search/history/${uids.private}/`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
