import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';
import { FREE_SCAN_USED, REGISTERED_USERS_ONLY } from './scan-policy.ts';
import { freeScanCapReached } from './free-scans.ts';

let t: ScanTestWorld;

beforeAll(async () => {
  t = await startScanTestWorld({ env: { FREE_SCANS_PER_IP_PER_DAY: '3' } });
});

afterAll(async () => {
  await t.close();
});

const claim = (uid: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid }, remoteAddress: ip });
const freeScan = (token: string, query: Record<string, string>, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/check-url/',
    query: { url: FIXTURE_URL, new: 'true', ...query },
    headers: bearer(token),
    remoteAddress: ip,
  });

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

  it("spends nothing when a visitor only opens the home page: the scan spends, within the network's daily cap", async () => {
    const ip = '198.51.100.20';
    // Six fresh visitors open the home page (each asks about its own id)...
    const tokens = [];
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const opened = await claim(`anon-cap-${n}-abcdef`, ip);
      expect(opened.json()).toMatchObject({ used: false });
      tokens.push(opened.json().auth_token as string);
    }
    // ...and three of them scan: the cap (3 here) is about scans, not visits.
    for (const n of [1, 2, 3]) expect((await freeScan(tokens[n - 1]!, { freescan_uid: `anon-cap-${n}-abcdef` }, ip)).statusCode).toBe(200);
    const capped = await freeScan(tokens[3]!, { freescan_uid: 'anon-cap-4-abcdef' }, ip);
    expect(capped.statusCode).toBe(429);
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const resetsAt = new Date(Date.now() + retryAfter * 1000);
    expect(capped.json().detail).toMatch(/used its 3 free scans for today\. The next one is available (today|tomorrow) at \d\d:\d\d UTC/);
    const now = new Date();
    expect([freeScanCapReached(3, resetsAt, now), freeScanCapReached(3, new Date(resetsAt.getTime() - 60_000), now)]).toContain(
      capped.json().detail,
    );
    // The refused one kept its free scan, usable from another network.
    expect((await claim('anon-cap-4-abcdef', ip)).json().used).toBe(false);
    expect((await freeScan(tokens[3]!, { freescan_uid: 'anon-cap-4-abcdef' }, '198.51.100.21')).statusCode).toBe(200);
  });

  it('gives the free scan back when the page could not be reached', async () => {
    const ip = '198.51.100.50';
    const token = (await claim('anon-typo-abcdef', ip)).json().auth_token;
    const typo = await freeScan(token, { freescan_uid: 'anon-typo-abcdef', url: 'http://no-such-host.invalid/' }, ip);
    expect(typo.statusCode).toBe(200);
    expect(typo.json().data).toMatchObject({ reachable: false, unreachable: { reason: 'unresolvable' } });
    expect((await claim('anon-typo-abcdef', ip)).json()).toEqual({ used: false, auth_token: expect.any(String) });
    expect((await freeScan(token, { freescan_uid: 'anon-typo-abcdef' }, ip)).statusCode).toBe(200);
    expect((await claim('anon-typo-abcdef', ip)).json().used).toBe(true);
  });

  it('counts scans given back toward the network cap: looping unreachable hosts ends at the cap (issue 40)', async () => {
    const ip = '198.51.100.40';
    const token = (await claim('anon-loop-abcdef', ip)).json().auth_token;
    const loop = () => freeScan(token, { freescan_uid: 'anon-loop-abcdef', url: 'http://no-such-host.invalid/' }, ip);
    for (let round = 0; round < 3; round++) expect((await loop()).json().data).toMatchObject({ reachable: false });
    // Each was given back, so the id still holds its free scan, but the network spent its three.
    expect((await claim('anon-loop-abcdef', ip)).json().used).toBe(false);
    expect((await loop()).statusCode).toBe(429);
  });

  it('spends one free scan once when two scans race for it', async () => {
    const ip = '198.51.100.30';
    const token = (await claim('anon-race-abcdef', ip)).json().auth_token;
    const answers = await Promise.all([
      freeScan(token, { freescan_uid: 'anon-race-abcdef' }, ip),
      freeScan(token, { freescan_uid: 'anon-race-abcdef', url: `${FIXTURE_URL}about` }, ip),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });

  it('counts the addresses of one IPv6 /64 as one network for the cap', async () => {
    const scanFrom = async (n: number, ip: string) => {
      const token = (await claim(`anon-v6-${n}-abcdef`, ip)).json().auth_token as string;
      return (await freeScan(token, { freescan_uid: `anon-v6-${n}-abcdef` }, ip)).statusCode;
    };
    for (const n of [1, 2, 3]) expect(await scanFrom(n, `2001:db8:5:6::${n}`)).toBe(200);
    expect(await scanFrom(4, '2001:db8:5:6:aaaa::4')).toBe(429);
    expect(await scanFrom(5, '2001:db8:5:7::1')).toBe(200);
  });

  it('validates the anonymous id', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['uid']);
  });
});
