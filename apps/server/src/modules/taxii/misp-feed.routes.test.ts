import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { insertLookalikes, publishVerdict, retractVerdict } from './testing/feed-fixtures.ts';

const FEED = '/api/v1/misp/feed/';
const START = Date.now();
const daysAgo = (days: number) => new Date(START - days * 86_400_000).toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ManifestEntry = { info: string; date: string; analysis: number; threat_level_id: number; timestamp: number; Orgc: { name: string } };
type Attribute = { type: string; category: string; value: string; to_ids: boolean; uuid: string };
type Event = { Event: { uuid: string; info: string; date: string; timestamp: string; Tag: { name: string }[]; Attribute: Attribute[] } };

/** The feed as MISP fetches a subscribed feed: the manifest, then each event it lists, and hashes.csv; with the key as a header. */
describe('MISP feed', () => {
  let test: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let key: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp({ PUBLIC_URL: 'https://riskscan.example' }, fixedPlan(BUSINESS_PLAN));
    owner = await signedInUser(test.app);
    other = await signedInUser(test.app);
    key = {
      authorization: `Api-Key ${(await test.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: owner.headers, payload: { name: 'misp' } })).json().key}`,
    };
    // Findings still valid (days ago, within REPUTATION_MAX_AGE_DAYS) and one retracted since.
    await publishVerdict(test.app.db, 'https://paypal-account-verify.xyz/login', daysAgo(3));
    await publishVerdict(test.app.db, "https://evil.example/it's", daysAgo(4));
    await retractVerdict(test.app.db, "https://evil.example/it's", daysAgo(2));
    await insertLookalikes(test.app.db, owner.id, 'pixelforge.app', [['pixelforge-login.app', [['suspicious', daysAgo(1)]]]]);
    await insertLookalikes(test.app.db, other.id, 'pixelforge.io', [['pixelforge-secret-campaign.io', [['suspicious', daysAgo(1)]]]]);
  });
  afterAll(() => test.close());

  const get = (file: string, headers = key) => test.app.inject({ method: 'GET', url: `${FEED}${file}`, headers });

  it('lists every event in manifest.json and serves each as {uuid}.json with its attributes', async () => {
    const response = await get('manifest.json');
    expect(response.statusCode).toBe(200);
    const manifest = response.json<Record<string, ManifestEntry>>();
    const uuids = Object.keys(manifest);
    expect(uuids).toHaveLength(3);
    for (const uuid of uuids) {
      expect(uuid).toMatch(UUID);
      expect(manifest[uuid]).toEqual({
        Orgc: { name: 'riskscan', uuid: expect.stringMatching(UUID) },
        Tag: [expect.objectContaining({ name: expect.stringMatching(/^tlp:/) })],
        info: expect.stringMatching(/^riskscan: /),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        analysis: 2,
        threat_level_id: expect.any(Number),
        timestamp: expect.any(Number),
      });
      const event = await get(`${uuid}.json`);
      expect(event.statusCode).toBe(200);
      const body = event.json<Event>().Event;
      expect(body).toMatchObject({
        uuid,
        info: manifest[uuid]!.info,
        date: manifest[uuid]!.date,
        timestamp: String(manifest[uuid]!.timestamp),
      });
    }
    const events = await Promise.all(uuids.map(async (uuid) => (await get(`${uuid}.json`)).json<Event>().Event));
    const attributes = events.flatMap((event) => event.Attribute.map((attribute) => ({ ...attribute, tag: event.Tag[0]!.name })));
    expect(attributes.map(({ type, value, to_ids, category, tag }) => ({ type, value, to_ids, category, tag }))).toEqual(
      expect.arrayContaining([
        { type: 'url', value: 'https://paypal-account-verify.xyz/login', to_ids: true, category: 'Network activity', tag: 'tlp:white' },
        // Retracted later: still listed, no longer for detection.
        { type: 'url', value: "https://evil.example/it's", to_ids: false, category: 'Network activity', tag: 'tlp:white' },
        { type: 'domain', value: 'pixelforge-login.app', to_ids: true, category: 'Network activity', tag: 'tlp:amber' },
      ]),
    );
    const retracted = events.find((event) => event.Attribute[0]!.value === "https://evil.example/it's")!;
    // The retraction is the event's latest change, so MISP fetches it again.
    expect(Number(retracted.timestamp)).toBe(Math.floor(Date.parse(daysAgo(2)) / 1000));
    expect(JSON.stringify(events)).not.toContain('secret-campaign');
  });

  it('answers hashes.csv: md5 of each attribute value and its event uuid', async () => {
    const response = await get('hashes.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const manifest = (await get('manifest.json')).json<Record<string, ManifestEntry>>();
    const lines = response.body.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const md5 = (value: string) => createHash('md5').update(value).digest('hex');
    expect(lines).toContain(
      `${md5('pixelforge-login.app')},${Object.keys(manifest).find((uuid) => manifest[uuid]!.info.endsWith('pixelforge-login.app'))}`,
    );
    for (const line of lines) {
      const [hash, uuid] = line.split(',');
      expect(hash).toMatch(/^[0-9a-f]{32}$/);
      expect(Object.keys(manifest)).toContain(uuid);
    }
  });

  it("asks for the key, keeps each account's look-alikes to that account and answers 404 for unknown events", async () => {
    expect((await get('manifest.json', {})).statusCode).toBe(401);
    const theirs = (await get('manifest.json', other.headers)).json<Record<string, ManifestEntry>>();
    const infos = Object.values(theirs).map((entry) => entry.info);
    expect(infos).toContain('riskscan: suspicious look-alike domain pixelforge-secret-campaign.io');
    expect(infos).not.toContain('riskscan: suspicious look-alike domain pixelforge-login.app');
    const mine = Object.keys((await get('manifest.json')).json());
    const myLookalike = mine.find((uuid) => !Object.keys(theirs).includes(uuid))!;
    expect((await get(`${myLookalike}.json`, other.headers)).statusCode).toBe(404);
    expect((await get(`${randomUUID()}.json`)).statusCode).toBe(404);
    expect((await get('../manifest.json')).statusCode).toBe(404);
  });

  it('answers at the documented feed URL with and without its trailing slash, as MISP builds file addresses', async () => {
    // MISP's Feed model: the feed URL, then '/manifest.json', '/{uuid}.json' and '/hashes.csv'.
    for (const feedUrl of ['/api/v1/misp/feed', '/api/v1/misp/feed/']) {
      const fetchFile = (file: string) => test.app.inject({ method: 'GET', url: `${feedUrl}/${file}`, headers: key });
      const manifest = await fetchFile('manifest.json');
      expect(manifest.statusCode).toBe(200);
      const uuids = Object.keys(manifest.json());
      expect(uuids).toHaveLength(3);
      for (const uuid of uuids) expect((await fetchFile(`${uuid}.json`)).json().Event.uuid).toBe(uuid);
      expect((await fetchFile('hashes.csv')).body.trimEnd().split('\n')).toHaveLength(3);
    }
  });
});
