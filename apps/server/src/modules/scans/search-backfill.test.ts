import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOf } from '../../testing/report-factory.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { indexEarlierScans } from './search-backfill.ts';
import { insertScan, saveScanResult } from './scans.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const report = (url: string) => reportOf(url, { ip: '203.0.113.5', overall_risk: 85, risk_score_text: { name: 'Danger' } });

async function storedBeforeSearch(url: string, visibility: 'public' | 'private') {
  const row = await insertScan(t.app.db, {
    uid: crypto.randomUUID(),
    userId: null,
    url,
    options: {} as never,
    visibility,
    onBoard: visibility === 'public',
  });
  await saveScanResult(t.app.db, row.id, report(url), 0);
  return row.uid;
}

describe('indexEarlierScans', () => {
  it('indexes the reports stored before search existed, once, keeping their visibility', async () => {
    const listed = await storedBeforeSearch('https://old-phish.example/login', 'public');
    await storedBeforeSearch('https://old-private.example/', 'private');
    const log = { info: () => undefined };
    expect(await indexEarlierScans(t.app.db, log)).toBe(2);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/search/', query: { q: 'ip:203.0.113.5' } });
    expect(found.json().results.map((hit: { uid: string }) => hit.uid)).toEqual([listed]);
    expect(found.json().results[0].level).toBe('Danger');
    // The index is no longer empty: a restart does not index again.
    expect(await indexEarlierScans(t.app.db, log)).toBe(0);
  });
});
