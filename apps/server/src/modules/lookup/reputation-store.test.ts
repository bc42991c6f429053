import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hostParts, urlKey } from '@riskscan/scanner';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { reputationRepository } from './reputation.repository.ts';
import { findPublication } from './published-verdicts.repository.ts';
import { OWN_SCANS_SOURCE, ReputationStore } from './reputation-store.ts';

const fixture = (name: string) => readFile(path.join(FEED_FIXTURES_DIR, name), 'utf8');

function hits(store: ReputationStore, raw: string) {
  const url = new URL(raw);
  return store.index.match({ urlKey: urlKey(url), parts: hostParts(url.hostname) });
}

describe('ReputationStore', () => {
  let testDb: TestDatabase;
  let clock: Date;
  let store: ReputationStore;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    clock = new Date('2026-11-20T12:00:00Z');
    store = new ReputationStore(testDb.db, 30, () => clock);
  });
  afterAll(() => testDb.drop());

  it('imports each feed format into the database and the in-memory index', async () => {
    await store.importFeed({ source: 'urlhaus', format: 'urlhaus-csv', text: await fixture('urlhaus.csv'), origin: 'urlhaus.csv' });
    await store.importFeed({
      source: 'openphish',
      format: 'openphish-text',
      text: await fixture('openphish.txt'),
      origin: 'openphish.txt',
    });
    await store.importFeed({
      source: 'phishtank',
      format: 'phishtank-json',
      text: await fixture('phishtank.json'),
      origin: 'phishtank.json',
    });
    const plain = await store.importFeed({
      source: 'ours',
      format: 'plain-list',
      threat: 'scam',
      text: await fixture('plain-list.txt'),
      origin: 'plain-list.txt',
    });
    expect(plain).toEqual({ source: 'ours', entries: 4, indicators: 13 });

    expect(hits(store, 'https://182.117.31.77:39000/i')).toMatchObject([{ threat: 'malware', sources: ['urlhaus'] }]);
    expect(hits(store, 'http://apple-id-locked.test/unlock/')).toMatchObject([{ threat: 'phishing', sources: ['phishtank'] }]);
    expect(hits(store, 'https://deep.www.scam-shop.test/cart')).toMatchObject([{ kind: 'domain', threat: 'scam' }]);
    expect(hits(store, 'https://example.com/')).toEqual([]);
  });

  it('keeps the earliest first-seen and moves last-seen on re-import', async () => {
    const repository = reputationRepository(testDb.db);
    const before = await repository.findIndicator('phishtank', 'url', 'apple-id-locked.test/unlock/');
    expect(before?.first_seen).toEqual(new Date('2026-11-19T21:14:02Z'));
    clock = new Date('2026-11-25T12:00:00Z');
    await store.importFeed({ source: 'phishtank', format: 'phishtank-json', text: await fixture('phishtank.json'), origin: 'again' });
    const after = await repository.findIndicator('phishtank', 'url', 'apple-id-locked.test/unlock/');
    expect(after?.first_seen).toEqual(new Date('2026-11-19T21:14:02Z'));
    expect(after?.last_seen).toEqual(new Date('2026-11-25T12:00:00Z'));
    const imports = await repository.recentImports(10);
    expect(imports[0]).toMatchObject({ source: 'phishtank', origin: 'again', entries: 2, error: null });
  });

  it('drops indicators no source has reported for longer than the maximum age', async () => {
    clock = new Date('2026-12-21T12:00:00Z'); // 31 days after the first imports, 26 after phishtank's
    await store.reload();
    expect(hits(store, 'https://182.117.31.77:39000/i')).toEqual([]);
    expect(hits(store, 'http://apple-id-locked.test/unlock/')).toHaveLength(1);
  });

  it('logs a feed that cannot be parsed and leaves the index as it was', async () => {
    const size = store.index.size;
    await expect(
      store.importFeed({ source: 'phishtank', format: 'phishtank-json', text: '<html>oops</html>', origin: 'broken' }),
    ).rejects.toThrow('not valid JSON');
    expect(store.index.size).toBe(size);
    const [latest] = await reputationRepository(testDb.db).recentImports(1);
    expect(latest).toMatchObject({ origin: 'broken', entries: 0 });
    expect(latest?.error).toContain('not valid JSON');
  });

  it('stores our own published verdicts, visible at once and to every other process', async () => {
    await store.publish('https://fresh-phish.test/login.php', { threat: 'phishing', evidence: ['page'], confidence: 70 });
    expect(hits(store, 'https://fresh-phish.test/login.php')).toMatchObject([{ sources: [OWN_SCANS_SOURCE] }]);
    const otherProcess = new ReputationStore(testDb.db, 30, () => clock);
    await otherProcess.reload();
    expect(hits(otherProcess, 'https://fresh-phish.test/login.php')).toHaveLength(1);
  });

  it('never publishes an internal host or address, wherever a scan ended', async () => {
    for (const url of ['http://10.20.30.40/login.php', 'https://intranet.corp/login.php', 'http://[fd00::5]/login.php']) {
      await store.publish(url, { threat: 'phishing', evidence: ['page'], confidence: 70 });
      expect([url, hits(store, url)]).toEqual([url, []]);
    }
    const otherProcess = new ReputationStore(testDb.db, 30, () => clock);
    await otherProcess.reload();
    expect(hits(otherProcess, 'http://10.20.30.40/login.php')).toEqual([]);
  });

  it('retracts a published verdict: it leaves the index here and after a reload, and is kept as retracted', async () => {
    expect(await store.retract(['https://fresh-phish.test/login.php'], 'clean_rescan')).toBe(true);
    expect(hits(store, 'https://fresh-phish.test/login.php')).toEqual([]);
    const otherProcess = new ReputationStore(testDb.db, 30, () => clock);
    await otherProcess.reload();
    expect(hits(otherProcess, 'https://fresh-phish.test/login.php')).toEqual([]);
    const row = await findPublication(testDb.db, 'url', 'fresh-phish.test/login.php');
    expect(row).toMatchObject({ retraction: 'clean_rescan', retracted_at: clock });
    expect(await store.retract(['https://fresh-phish.test/login.php'], 'clean_rescan')).toBe(false);
    // Listed again later: a new indicator, since STIX never un-revokes one.
    await store.publish('https://fresh-phish.test/login.php', { threat: 'phishing', evidence: ['reputation'], confidence: 85 });
    const again = await findPublication(testDb.db, 'url', 'fresh-phish.test/login.php');
    expect(again).toMatchObject({ retracted_at: null, confidence: 85, evidence: ['reputation'] });
    expect(again!.stix_uuid).not.toBe(row!.stix_uuid);
  });
});
