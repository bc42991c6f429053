import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { PROFILES_NOT_IN_PLAN } from './scan-profiles.service.ts';
import { PROFILE_NOT_FOUND } from './scan-profiles.service.ts';

let t: ScanTestWorld;
let user: { id: number; uid: string; token: string };

beforeAll(async () => {
  t = await startScanTestWorld({ plan: BUSINESS_PLAN });
  user = await t.signedInUser();
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = user.token) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const quietHttp = {
  name: 'Quiet http',
  is_default: false,
  count_zero_values: false,
  checks: [{ category: 'URL Analysis', details: [{ name: 'url_plain_http', title: 'Unencrypted address', is_active: false }] }],
  additional_checks: [{ code: 'dns_checks', is_active: false }],
};

describe('scan profiles', () => {
  it('lists the built-in default profile for a new account', async () => {
    const response = await call('GET', '/scan-profiles/');
    expect(response.statusCode).toBe(200);
    const [builtIn, ...own] = response.json();
    expect(own).toEqual([]);
    expect(builtIn).toMatchObject({ uid: 'default', name: 'Default', is_default: true });
    expect(builtIn.checks.some((check: { category: string }) => check.category === 'URL Analysis')).toBe(true);
  });

  it('creates, changes, applies and deletes a profile of ones own', async () => {
    const created = await call('POST', '/scan-profiles/', quietHttp);
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile).toMatchObject({ ...quietHttp, uid: expect.any(String) });

    const patched = await call('PATCH', `/scan-profiles/${profile.uid}/`, { name: 'Quiet', is_default: true });
    expect(patched.json()).toMatchObject({ uid: profile.uid, name: 'Quiet', is_default: true });
    const listed = (await call('GET', '/scan-profiles/')).json();
    expect(listed.map((entry: { uid: string; is_default: boolean }) => [entry.uid, entry.is_default])).toEqual([
      ['default', false],
      [profile.uid, true],
    ]);

    const scanned = await call(
      'GET',
      `/check-url/?url=${encodeURIComponent('http://sunny-garden-blog.com/')}&new=true&scan_profile=${profile.uid}`,
    );
    const detail = scanned
      .json()
      .data.checks.flatMap((category: { details: { name: string; is_active: boolean }[] }) => category.details)
      .find((entry: { name: string }) => entry.name === 'url_plain_http');
    expect(detail.is_active).toBe(false);

    expect((await call('DELETE', `/scan-profiles/${profile.uid}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/scan-profiles/${profile.uid}/`)).json()).toEqual({ detail: PROFILE_NOT_FOUND });
  });

  it('keeps profiles to their owner', async () => {
    const profile = (await call('POST', '/scan-profiles/', quietHttp)).json();
    const other = await t.signedInUser();
    expect((await call('PATCH', `/scan-profiles/${profile.uid}/`, { name: 'Mine now' }, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/scan-profiles/${profile.uid}/`, undefined, other.token)).statusCode).toBe(404);
    const scan = await call(
      'GET',
      `/check-url/?url=${encodeURIComponent(FIXTURE_URL)}&new=true&scan_profile=${profile.uid}`,
      undefined,
      other.token,
    );
    expect([scan.statusCode, scan.json()]).toEqual([400, { detail: PROFILE_NOT_FOUND }]);
  });

  it('refuses unknown checks and invalid payloads field by field', async () => {
    const unknown = await call('POST', '/scan-profiles/', {
      ...quietHttp,
      checks: [{ category: 'URL Analysis', details: [{ name: 'no_such_check', title: 'x', is_active: false }] }],
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { checks: ['Unknown check URL Analysis: no_such_check.'] }]);
    const invalid = await call('POST', '/scan-profiles/', { ...quietHttp, name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json())).toEqual(['name']);
  });
});

describe('scan profiles on the Free plan', () => {
  // Builds a second app (migrations included) inside the test: a hook's time, not a test's.
  it('can be read but not created', { timeout: 120_000 }, async () => {
    const free = await startScanTestWorld();
    try {
      const member = await free.signedInUser();
      const read = await free.app.inject({ method: 'GET', url: '/api/v1/scan-profiles/', headers: bearer(member.token) });
      expect(read.json()).toHaveLength(1);
      const write = await free.app.inject({
        method: 'POST',
        url: '/api/v1/scan-profiles/',
        headers: bearer(member.token),
        payload: quietHttp,
      });
      expect([write.statusCode, write.json()]).toEqual([403, { detail: PROFILES_NOT_IN_PLAN }]);
      const anonymous = await free.app.inject({ method: 'GET', url: '/api/v1/scan-profiles/' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await free.close();
    }
  });
});
