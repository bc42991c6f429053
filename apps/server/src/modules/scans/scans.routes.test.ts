import { checkResultSchema } from '@riskscan/contracts';
import { startRecordingProxy, type RecordingProxy } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS, NOT_AUTHENTICATED } from '../auth/index.ts';
import { INVALID_PROXY, INVALID_USER_AGENT, REGISTERED_USERS_ONLY } from './scan-policy.ts';
import { quotaUsedUp } from './scan-request.service.ts';
import { EXPORT_NOT_IN_PLAN } from './scan-reads.ts';
import { findScanByUid } from './scans.repository.ts';
import { bearer, finishedScan, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

let t: ScanTestWorld;
let owner: { id: number; uid: string; token: string };
let switzerland: RecordingProxy;

beforeAll(async () => {
  // The fixture world's ports are known only once it runs: the "Swiss" proxy reads them from this object then.
  const fixturePorts: Record<number, number> = {};
  switzerland = await startRecordingProxy('127.0.0.1', fixturePorts);
  t = await startScanTestWorld({ env: { SCAN_PROXIES: `CH=${switzerland.url()},US=http://127.0.0.1:3129`, SCAN_LOCATION: 'de' } });
  Object.assign(fixturePorts, t.world.scanOptions.network?.connectPorts);
  owner = await t.signedInUser();
});

afterAll(async () => {
  await t.close();
  await switzerland.close();
});

const checkUrl = (query: Record<string, string>, token = owner.token) =>
  t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query, headers: bearer(token) });

describe('GET /api/v1/check-url/', () => {
  it('scans a URL, waits, and answers with the report', async () => {
    const response = await checkUrl({ url: 'sunny-garden-blog.com', new: 'true' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('done');
    const report = checkResultSchema.parse(body.data);
    expect(report.url).toBe(FIXTURE_URL);
    expect(report.recently_scanned).toBe(false);
    expect(report.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.ai_analysis).toBeNull();
    expect(t.world.server.requests.some((line) => line.startsWith('sunny-garden-blog.com '))).toBe(true);
  });

  it('says reachable: false for a name that does not resolve, and never rates it Secure or Good', async () => {
    const response = await checkUrl({ url: 'http://no-such-host.invalid/', new: 'true' });
    expect(response.statusCode).toBe(200);
    const report = checkResultSchema.parse(response.json().data);
    expect(report.reachable).toBe(false);
    expect(report.unreachable).toMatchObject({ reason: 'unresolvable', url: 'http://no-such-host.invalid/' });
    expect(['Secure', 'Good']).not.toContain(report.risk_score_text.name);
  });

  it('remembers whether the scheme was typed, so the worker tries http only for a bare domain', async () => {
    const fallback = async (query: Record<string, string>) => {
      const uid = (await checkUrl({ ...query, new: 'true' })).json().data.uid;
      return (await findScanByUid(t.app.db, uid))?.options.scheme_fallback;
    };
    expect(await fallback({ url: 'sunny-garden-blog.com/?bare' })).toBe(true);
    // The web app puts https:// in front itself (SPEC §5) and says so.
    expect(await fallback({ url: 'https://sunny-garden-blog.com/?added', scheme_added: 'true' })).toBe(true);
    expect(await fallback({ url: 'https://sunny-garden-blog.com/?typed' })).toBe(false);
    expect(await fallback({ url: 'http://sunny-garden-blog.com/?http', scheme_added: 'true' })).toBe(false);
  });

  it('reuses a public scan of the same URL within 24 hours unless new=true', async () => {
    const first = (await checkUrl({ url: FIXTURE_URL, new: 'true' })).json().data;
    const again = (await checkUrl({ url: FIXTURE_URL })).json().data;
    expect(again.recently_scanned).toBe(true);
    expect(again.uid).toBe(first.uid);
    const fresh = (await checkUrl({ url: FIXTURE_URL, new: 'true' })).json().data;
    expect(fresh.recently_scanned).toBe(false);
    expect(fresh.uid).not.toBe(first.uid);
  });

  it('never reuses or shows a private scan to anyone else', async () => {
    const mine = (await checkUrl({ url: 'https://sunny-garden-blog.com/?private-one', private: 'true' })).json().data;
    expect(mine.recently_scanned).toBe(false);
    const other = await t.signedInUser();
    const theirs = (await checkUrl({ url: 'https://sunny-garden-blog.com/?private-one' }, other.token)).json().data;
    expect(theirs.uid).not.toBe(mine.uid);
    expect(theirs.recently_scanned).toBe(false);
    const peek = await t.app.inject({ method: 'GET', url: `/api/v1/scans/${mine.uid}/`, headers: bearer(other.token) });
    expect(peek.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/scans/${mine.uid}/`, headers: bearer(owner.token) });
    expect(own.json().status).toBe('done');
  });

  it('answers bad input in the spec wording and field names', async () => {
    expect((await checkUrl({ url: '  ' })).json()).toEqual({ url: ['Oops, please enter the URL.'] });
    expect((await checkUrl({ url: 'https://exa mple.com' })).json()).toEqual({ url: ['Please enter a valid URL.'] });
    const proxy = await checkUrl({ url: FIXTURE_URL, proxy: 'XX', new: 'true' });
    expect([proxy.statusCode, proxy.json()]).toEqual([400, { proxy: [INVALID_PROXY] }]);
    const agent = await checkUrl({ url: FIXTURE_URL, user_agent: 'netscape-4', new: 'true' });
    expect([agent.statusCode, agent.json()]).toEqual([400, { user_agent: [INVALID_USER_AGENT] }]);
  });

  it('accepts an offered location and user agent, keeps them with the scan, and reports that location', async () => {
    const served = t.world.server.requests.length;
    const response = await checkUrl({ url: FIXTURE_URL, proxy: 'ch', user_agent: 'mobile-safari-ios', new: 'true' });
    const report = response.json().data;
    expect(report.geo_location).toEqual({ country_name: 'Switzerland', country_flag: `http://localhost:80/flags/ch.svg` });
    // The page was fetched from Switzerland: through its proxy, and it answered.
    // It was handed the address our guard checked, never the name to resolve again.
    expect(switzerland.seen).toEqual([expect.objectContaining({ kind: 'connect', hostname: '127.0.0.1', port: 443 })]);
    expect(t.world.server.requests.slice(served)).toContain('sunny-garden-blog.com /');
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/scan-history/${report.uid}/`, headers: bearer(owner.token) });
    expect(history.json().options).toMatchObject({ proxy: 'CH', user_agent: 'mobile-safari-ios' });
  });

  it('refuses callers without credentials in words that say what to do: sign in, or send an API key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url: FIXTURE_URL } });
    expect([response.statusCode, response.json()]).toEqual([401, { detail: NOT_AUTHENTICATED }]);
    expect(NOT_AUTHENTICATED).toMatch(/Api-Key/);
    const badKey = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url: FIXTURE_URL },
      headers: { authorization: 'Api-Key rsk_not-a-key' },
    });
    expect([badKey.statusCode, badKey.json().detail]).toEqual([401, INVALID_CREDENTIALS]);
    expect(INVALID_CREDENTIALS).toMatch(/check the key/);
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/' });
    expect([history.statusCode, history.json().detail]).toEqual([401, NOT_AUTHENTICATED]);
    expect(NOT_AUTHENTICATED).toMatch(/sign in, or sign up for free/);
  });
});

describe('POST /api/v1/scans/ and GET /api/v1/scans/{uid}/', () => {
  it('queues a scan (202) that can be polled until its report is there', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: bearer(owner.token),
      payload: { url: FIXTURE_URL, new: true, fastCheck: true },
    });
    expect(response.statusCode).toBe(202);
    const queued = response.json();
    expect(queued).toMatchObject({ status: 'queued', data: null });
    const done = await finishedScan(t.app, queued.uid, bearer(owner.token));
    expect(done.status).toBe('done');
    expect(checkResultSchema.parse(done.data).uid).toBe(queued.uid);
  });

  it('answers 404 for an unknown scan', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/scans/00000000-0000-0000-0000-000000000000/',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v1/scan-options/', () => {
  it('lists the configured locations and the user agents by device for signed-in users', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/scan-options/', headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.proxies).toEqual([
      { code: 'CH', name: 'Switzerland', icon: `http://localhost:80/flags/ch.svg` },
      { code: 'US', name: 'United States', icon: `http://localhost:80/flags/us.svg` },
    ]);
    expect(body.user_agents.map((group: { device: string }) => group.device)).toEqual(['Desktop', 'Mobile', 'Tablet', 'Bot']);
    expect(body.user_agents[0].items[0]).toEqual({
      code: 'desktop-chrome-macos',
      value: expect.stringContaining('Chrome/'),
      name: expect.stringMatching(/^Chrome \d+ on macOS \(Desktop\)$/),
    });
  });

  it('is only available for registered users', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/scan-options/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: REGISTERED_USERS_ONLY }]);
    const guestToken = await t.app.accounts.mintFreeScanGuestToken('anonymous-browser-1');
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/scan-options/', headers: bearer(guestToken) });
    expect([guest.statusCode, guest.json()]).toEqual([403, { detail: REGISTERED_USERS_ONLY }]);
  });
});

describe('exports', () => {
  it('are refused on the Free plan', async () => {
    const scan = (await checkUrl({ url: FIXTURE_URL })).json().data;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/scans/${scan.uid}/export/?format=csv`,
      headers: bearer(owner.token),
    });
    expect([response.statusCode, response.json()]).toEqual([403, { detail: EXPORT_NOT_IN_PLAN }]);
  });
});

describe('quotas', () => {
  it('do not count a scan whose page could not be reached', async () => {
    const member = await t.signedInUser();
    const scansUsed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/memberships/', headers: bearer(member.token) })).json().current.scans_used;
    const typo = await checkUrl({ url: 'http://no-such-host.invalid/', new: 'true' }, member.token);
    expect(typo.json().data.reachable).toBe(false);
    expect(await scansUsed()).toBe(0);
    expect((await checkUrl({ url: FIXTURE_URL, new: 'true' }, member.token)).statusCode).toBe(200);
    expect(await scansUsed()).toBe(1);
  });

  it('refuse a scan with a clear detail once the plan is used up', async () => {
    const limited = await startScanTestWorld({
      plan: {
        scans_count: 1,
        tokens_count: 0,
        flags: { plan: 'Tiny', api_access: false, export_results: false, data_export: false, scan_profiles: false },
      },
    });
    try {
      const user = await limited.signedInUser();
      const scan = (query: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url: '/api/v1/check-url/', query, headers: bearer(user.token) });
      expect((await scan({ url: FIXTURE_URL, new: 'true' })).statusCode).toBe(200);
      // Reusing a recent public scan costs nothing.
      expect((await scan({ url: FIXTURE_URL })).json().data.recently_scanned).toBe(true);
      const refused = await scan({ url: FIXTURE_URL, new: 'true' });
      expect(refused.statusCode).toBe(403);
      const now = new Date();
      const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      expect(refused.json()).toEqual({ detail: quotaUsedUp(1, renews) });
    } finally {
      await limited.close();
    }
  });
});

describe('secrets and malformed addresses (issue 21)', () => {
  const RESET = `${FIXTURE_URL}password/reset/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08/`;

  it('keeps a URL with a reset token in its path off the public board and shows it redacted', async () => {
    const response = await checkUrl({ url: RESET, new: 'true' });
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.url).toBe(`${FIXTURE_URL}password/reset/[redacted]/`);
    expect(JSON.stringify(response.json())).not.toContain('9f86d081884c7d659a2feaa0c55ad015');
    const board = (await t.app.inject({ method: 'GET', url: '/api/recent-scans/' })).json() as { uid: string; url: string }[];
    expect(board.map((row) => row.uid)).not.toContain(report.uid);
    expect(JSON.stringify(board)).not.toContain('password/reset');
    const stranger = await t.app.inject({ method: 'GET', url: `/api/recent-scans/${report.uid}/` });
    expect(stranger.statusCode).toBe(404);
  });

  it('answers a malformed escape with 400 before any quota is spent', async () => {
    const limited = await startScanTestWorld({
      plan: {
        scans_count: 1,
        tokens_count: 0,
        flags: { plan: 'Tiny', api_access: false, export_results: false, data_export: false, scan_profiles: false },
      },
    });
    try {
      const user = await limited.signedInUser();
      const scan = (query: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url: '/api/v1/check-url/', query, headers: bearer(user.token) });
      const malformed = await scan({ url: `${FIXTURE_URL}?q=%E0%A4%A`, new: 'true' });
      expect([malformed.statusCode, malformed.json()]).toEqual([400, { url: ['Please enter a valid URL.'] }]);
      // The one scan of the plan is still there.
      expect((await scan({ url: FIXTURE_URL, new: 'true' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
