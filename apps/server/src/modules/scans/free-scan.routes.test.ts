import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';
import { FREE_SCAN_USED, REGISTERED_USERS_ONLY } from './scan-requests.ts';
import { FREE_SCAN_IP_CAP_REACHED } from './free-scans.ts';

let t: ScanTestWorld;

beforeAll(async () => {
  t = await startScanTestWorld({ env: { FREE_SCANS_PER_IP_PER_DAY: '3' } });
});

afterAll(async () => {
  await t.close();
});

const claim = (uid: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid }, remoteAddress: ip });
const freeScan = (token: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url: FIXTURE_URL, new: 'true', ...query }, headers: bearer(token) });

describe('POST /api/v1/free-scan/', () => {
  it('gives one free scan per anonymous id', async () => {
    const first = await claim('anon-0001-abcdef');
    expect(first.json()).toEqual({ used: false, auth_token: expect.any(String) });
    const token = first.json().auth_token;

    const report = await freeScan(token, { freescan_uid: 'anon-0001-abcdef' });
    expect(report.statusCode).toBe(200);
    expect(checkResultSchema.parse(report.json().data).url).toBe(FIXTURE_URL);

    expect((await claim('anon-0001-abcdef')).json()).toEqual({ used: true, auth_token: null });
    const again = await freeScan(token, { freescan_uid: 'anon-0001-abcdef' });
    expect([again.statusCode, again.json()]).toEqual([403, { detail: FREE_SCAN_USED }]);
  });

  it('keeps the guest token to its own id and away from the registered users options', async () => {
    const token = (await claim('anon-0002-abcdef')).json().auth_token;
    expect((await freeScan(token, { freescan_uid: 'anon-9999-abcdef' })).json()).toEqual({ detail: FREE_SCAN_USED });
    expect((await freeScan(token, {})).json()).toEqual({ detail: FREE_SCAN_USED });
    const options: Record<string, string>[] = [
      { private: 'true' },
      { visibility: 'unlisted' },
      { user_agent: 'chrome-windows' },
      { scan_profile: 'default' },
    ];
    for (const option of options) {
      const refused = await freeScan(token, { freescan_uid: 'anon-0002-abcdef', ...option });
      expect([refused.statusCode, refused.json()]).toEqual([403, { detail: REGISTERED_USERS_ONLY }]);
    }
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/', headers: bearer(token) });
    expect(history.statusCode).toBe(403);
    // The refused attempts did not spend the free scan.
    expect((await freeScan(token, { freescan_uid: 'anon-0002-abcdef' })).statusCode).toBe(200);
  });

  it('caps new anonymous ids per client IP and day', async () => {
    const ip = '198.51.100.20';
    for (const n of [1, 2, 3]) expect((await claim(`anon-cap-${n}-abcdef`, ip)).statusCode).toBe(200);
    const capped = await claim('anon-cap-4-abcdef', ip);
    expect([capped.statusCode, capped.json()]).toEqual([429, { detail: FREE_SCAN_IP_CAP_REACHED }]);
    expect((await claim('anon-cap-1-abcdef', ip)).json().used).toBe(false);
    expect((await claim('anon-cap-4-abcdef', '198.51.100.21')).statusCode).toBe(200);
  });

  it('validates the anonymous id', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['uid']);
  });
});
