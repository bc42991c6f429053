import type { CheckResult } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertScan, publicScanTallyOnAsn, saveScanResult } from './scans.repository.ts';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** The IP checks' neighbours and AS record come from our own public scans, never private ones. */
let t: ScanTestWorld;
let token: string;

beforeAll(async () => {
  t = await startScanTestWorld();
  token = (await t.signedInUser()).token;
});

afterAll(async () => {
  await t.close();
});

const checkUrl = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { new: 'true', fastCheck: 'false', ...query }, headers: bearer(token) });

describe('reverse-IP lookup from our scans', () => {
  it('lists domains publicly scanned on the same address and leaves private scans out', async () => {
    expect((await checkUrl({ url: 'https://alpine-hiking-club.ch/' })).statusCode).toBe(200);
    expect((await checkUrl({ url: 'https://bergstrom-dental.ch/', private: 'true' })).statusCode).toBe(200);
    const response = await checkUrl({ url: FIXTURE_URL, ip_checks: 'true' });
    const report = response.json().data;
    expect(report.ip).toBe('127.0.0.1');
    expect(report.ip_checks.reverse_ip_lookup.result).toEqual(['alpine-hiking-club.ch']);
  });
});

describe('network reputation from our scans', () => {
  const finished = async (url: string, isPrivate: boolean, score: number, asLookup: string) => {
    const row = await insertScan(t.app.db, {
      uid: crypto.randomUUID(),
      userId: null,
      url,
      options: {} as never,
      visibility: isPrivate ? 'private' : 'public',
      onBoard: !isPrivate,
    });
    const result = {
      url,
      ip: '192.0.2.7',
      overall_risk: score,
      ip_checks: { as_lookup: { title: 'AS lookup of 192.0.2.7', result: asLookup } },
    } as unknown as CheckResult;
    await saveScanResult(t.app.db, row.id, result, 0);
  };

  it('counts finished public scans on the AS and those that ended Risky or Danger', async () => {
    await finished('https://a.example/', false, 85, 'AS64500 Example Hosting');
    await finished('https://b.example/', false, 10, 'AS64500 Example Hosting');
    await finished('https://c.example/', true, 90, 'AS64500 Example Hosting');
    await finished('https://d.example/', false, 90, 'AS64501 Other Net');
    expect(await publicScanTallyOnAsn(t.app.db, 64500)).toEqual({ scans: 2, malicious: 1 });
    expect(await publicScanTallyOnAsn(t.app.db, 64502)).toEqual({ scans: 0, malicious: 0 });
  });
});
