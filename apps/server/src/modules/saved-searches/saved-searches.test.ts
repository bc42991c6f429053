import { savedSearchListSchema, savedSearchMatchesSchema, savedSearchSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOf } from '../../testing/report-factory.ts';
import { BUSINESS_PLAN, bearer, finishedScan, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { type IndexedDocument, matchesScan, parseSearch } from '../search/index.ts';
import { webhookNetwork } from '../webhooks/index.ts';
import { saveSearch } from './saved-searches.service.ts';

type User = { id: number; uid: string; token: string };
let t: ScanTestWorld;
let owner: User;
let other: User;

const save = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/saved-searches/', headers: bearer(token), payload: body });
const list = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/saved-searches/', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return savedSearchListSchema.parse(response.json());
};
const matches = async (token: string, uid: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/saved-searches/${uid}/matches/`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return savedSearchMatchesSchema.parse(response.json());
};
const scanOf = async (token: string, url: string, visibility: 'public' | 'private') => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/scans/',
    headers: bearer(token),
    payload: { new: true, url, visibility },
  });
  expect(response.statusCode).toBe(202);
  const uid: string = response.json().uid;
  expect((await finishedScan(t.app, uid, bearer(token))).status).toBe('done');
  return uid;
};
const alertsFor = (savedSearchUid: string) =>
  t.app.db.selectFrom('deliveries').selectAll().where('kind', '=', 'saved_search_alert').where('source_id', '=', savedSearchUid).execute();

beforeAll(async () => {
  t = await startScanTestWorld({ plan: BUSINESS_PLAN });
  owner = await t.signedInUser();
  other = await t.signedInUser();
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('saved searches', () => {
  it('saves, lists and deletes a search of its owner alone', async () => {
    const created = await save(owner.token, { name: 'Kit hosts', q: 'asn:AS64500 level:danger', notify: { email: true } });
    expect(created.statusCode).toBe(201);
    const saved = savedSearchSchema.parse(created.json());
    expect(saved).toMatchObject({
      name: 'Kit hosts',
      q: 'asn:AS64500 level:danger',
      notify: { email: true, webhook_url: null },
      new_matches: 0,
    });
    const mine = await list(owner.token);
    expect(mine.results.map((search) => search.uid)).toContain(saved.uid);
    expect(mine.limit).toBe(100);
    expect((await list(other.token)).results.map((search) => search.uid)).not.toContain(saved.uid);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${saved.uid}/`, headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${saved.uid}/`, headers: bearer(owner.token) });
    expect(removed.statusCode).toBe(204);
    expect((await list(owner.token)).results.map((search) => search.uid)).not.toContain(saved.uid);
  });

  it('refuses a rule that cannot be matched fast, saying why', async () => {
    const refusal = async (q: string) => {
      const response = await save(owner.token, { name: 'Slow', q });
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json());
    };
    expect(await refusal('*garden')).toContain('cannot start a word with a wildcard');
    expect(await refusal('similar:abc123')).toContain('A saved search cannot use similar:');
    expect(await refusal('ab')).toContain('Words need at least 3 characters');
    const unreachable = await save(owner.token, {
      name: 'Hook',
      q: 'brand:paypal',
      notify: { webhook_url: 'https://sunny-garden-blog.com:22/hook' },
    });
    expect(unreachable.statusCode).toBe(400);
    expect(JSON.stringify(unreachable.json())).toContain('This webhook URL cannot be called');
    expect(await refusal('one two three four five six seven eight nine ten eleven')).toContain('at most 10 terms');
  });

  it('refuses over the plan quota, and says Free has none', async () => {
    const asPlan = (plan: string) => ({ db: t.app.db, planName: async () => plan, network: webhookNetwork(t.config) });
    const input = { name: 'Hunt', q: 'brand:paypal', notify: { email: false } };
    await expect(saveSearch(asPlan('Free'), other.id, input)).rejects.toThrow('Your plan does not include saved searches.');
    const { used } = await list(other.token);
    for (let index = used; index < 10; index++) await saveSearch(asPlan('Professional'), other.id, input);
    await expect(saveSearch(asPlan('Professional'), other.id, input)).rejects.toThrow(
      'Your plan keeps up to 10 saved searches. Delete one or upgrade your plan to save more.',
    );
    for (const search of (await list(other.token)).results) {
      await t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${search.uid}/`, headers: bearer(other.token) });
    }
  });

  it('matches each finished scan: own and public scans alert, another user’s private scan does not', async () => {
    const hunt = { name: 'Garden kit', q: 'domain:sunny-garden-blog.com', notify: { email: true } };
    const mine = savedSearchSchema.parse((await save(owner.token, hunt)).json());
    const theirs = savedSearchSchema.parse((await save(other.token, hunt)).json());
    const elsewhere = savedSearchSchema.parse(
      (await save(other.token, { ...hunt, name: 'Dentist', q: 'domain:bergstrom-dental.ch' })).json(),
    );

    const privateScan = await scanOf(owner.token, 'https://sunny-garden-blog.com/', 'private');
    expect((await alertsFor(theirs.uid)).length).toBe(0);
    const ownAlerts = await alertsFor(mine.uid);
    expect(ownAlerts).toHaveLength(1);
    expect(ownAlerts[0]).toMatchObject({ channel: 'email', account_id: owner.id, batch: `${mine.uid}:${privateScan}` });
    // Handed to its job at once, not left for a later hand-over of the log.
    await expect.poll(async () => (await alertsFor(mine.uid))[0]!.attempts).toBeGreaterThan(0);

    const publicScan = await scanOf(other.token, 'https://sunny-garden-blog.com/', 'public');
    expect((await alertsFor(theirs.uid)).map((alert) => alert.batch)).toEqual([`${theirs.uid}:${publicScan}`]);
    expect(await alertsFor(mine.uid)).toHaveLength(2);
    expect(await alertsFor(elsewhere.uid)).toHaveLength(0);

    const listed = await list(owner.token);
    expect(listed.results.find((search) => search.uid === mine.uid)?.new_matches).toBe(2);
    const seen = await matches(owner.token, mine.uid);
    expect(seen.results.map((match) => [match.scan.uid, match.new])).toEqual([
      [publicScan, true],
      [privateScan, true],
    ]);
    expect((await matches(other.token, theirs.uid)).results.map((match) => match.scan.uid)).toEqual([publicScan]);
    // Opening the matches is the look: nothing is new until the next match.
    expect((await list(owner.token)).results.find((search) => search.uid === mine.uid)?.new_matches).toBe(0);
    expect((await matches(owner.token, mine.uid)).results.every((match) => !match.new)).toBe(true);

    const later = await scanOf(owner.token, 'https://sunny-garden-blog.com/', 'public');
    expect((await list(owner.token)).results.find((search) => search.uid === mine.uid)?.new_matches).toBe(1);
    expect((await matches(owner.token, mine.uid)).results.map((match) => [match.scan.uid, match.new])[0]).toEqual([later, true]);
  });
});

describe('OpenAPI document', () => {
  it('documents every saved-search route with its body and answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const saving = document.paths['/api/v1/saved-searches/'].post;
    expect(Object.keys(saving.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'q', 'notify']),
    );
    expect(Object.keys(saving.responses)).toEqual(expect.arrayContaining(['201', '400', '403']));
    expect(saving.description).toContain('none on Free');
    expect(document.paths['/api/v1/saved-searches/'].get.responses['200']).toBeDefined();
    expect(document.paths['/api/v1/saved-searches/{uid}/matches/'].get.responses['200']).toBeDefined();
    expect(document.paths['/api/v1/saved-searches/{uid}/'].delete.responses['204']).toBeDefined();
  });
});

describe('matchesScan', () => {
  const doc = (overrides: Partial<IndexedDocument['entry']> = {}): IndexedDocument => {
    const result = reportOf('https://login.example-bank.test/verify');
    return {
      entry: {
        scan_uid: 'one',
        owner_id: 7,
        visibility: 'public',
        listed: true,
        url: 'https://login.example-bank.test/verify',
        host: 'login.example-bank.test',
        ip: '192.0.2.1',
        asn: 64500,
        overall_risk: 80,
        level: result.risk_score_text.name,
        finished_at: new Date('2026-11-20T10:00:00Z'),
        thumbnail: null,
        ...overrides,
      },
      terms: [
        { kind: 'domain', value: 'login.example-bank.test' },
        { kind: 'asn', value: '64500' },
      ],
    };
  };

  it('requires every term, level, date and word, as the search does', () => {
    const level = doc().entry.level;
    expect(matchesScan(parseSearch(`asn:64500 level:${level} verify date:2026-11-20`), doc(), 1)).toBe(true);
    expect(matchesScan(parseSearch('asn:64501'), doc(), 1)).toBe(false);
    expect(matchesScan(parseSearch('asn:64500 ip:192.0.2.1'), doc(), 1)).toBe(false);
    expect(matchesScan(parseSearch('asn:64500 passwordreset'), doc(), 1)).toBe(false);
    expect(matchesScan(parseSearch('asn:64500 date:>2026-11-20'), doc(), 1)).toBe(false);
  });

  it('matches an unlisted or private scan only for its owner', () => {
    const hidden = doc({ listed: false, visibility: 'private' });
    expect(matchesScan(parseSearch('asn:64500'), hidden, 7)).toBe(true);
    expect(matchesScan(parseSearch('asn:64500'), hidden, 8)).toBe(false);
  });
});
