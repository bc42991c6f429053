import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS, PERMISSION_DENIED } from '../auth/auth.plugin.ts';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { hashApiKey } from './api-key-secrets.ts';
import { tooManyRequests } from './api-keys.plugin.ts';
import { API_ACCESS_NOT_IN_PLAN, API_KEY_NOT_FOUND } from './api-keys.service.ts';

let t: ScanTestWorld;
let user: { id: number; uid: string; token: string };

beforeAll(async () => {
  t = await startScanTestWorld({ plan: BUSINESS_PLAN, env: { API_KEY_RATE_LIMIT_PER_MINUTE: '5' } });
  user = await t.signedInUser();
});

afterAll(async () => {
  await t.close();
});

const apiKey = (key: string) => ({ authorization: `Api-Key ${key}` });
const createKey = async (name: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer(user.token), payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json();
};

describe('API keys', () => {
  it('are shown once at creation, listed without the key and stored hashed', async () => {
    const created = await createKey('CI pipeline');
    expect(created).toMatchObject({ name: 'CI pipeline', key: expect.stringMatching(/^rsk_[\w-]{32}$/), last_used_at: null });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: bearer(user.token) })).json();
    expect(listed).toContainEqual({
      uid: created.uid,
      name: 'CI pipeline',
      prefix: created.prefix,
      created_at: created.created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await t.app.db.selectFrom('api_keys').select('key_hash').where('uid', '=', created.uid).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashApiKey(created.key));
  });

  it('scan on behalf of their owner with RateLimit headers, then answer 429 past the limit', { timeout: 40_000 }, async () => {
    const { key } = await createKey('limits');
    // Windows are whole minutes: start early in one so all six requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: apiKey(key),
      payload: { url: FIXTURE_URL, new: true, fastCheck: true },
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.headers['ratelimit-limit']).toBe('5');
    expect(queued.headers['ratelimit-remaining']).toBe('4');
    expect(Number(queued.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const scan = await t.app.db.selectFrom('scans').select('user_id').where('uid', '=', queued.json().uid).executeTakeFirstOrThrow();
    expect(scan.user_id).toBe(user.id);

    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/', headers: apiKey(key) });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ detail: tooManyRequests(Number(response.headers['retry-after'])) });
        expect(response.headers['ratelimit-remaining']).toBe('0');
      }
    }
    // Five per minute: one scan, four history pages, then throttled.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('never manage the account or keys themselves', async () => {
    const { key } = await createKey('narrow');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: apiKey(key) });
    expect([list.statusCode, list.json()]).toEqual([403, { detail: PERMISSION_DENIED }]);
  });

  it('stop working when revoked', async () => {
    const created = await createKey('temporary');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/scan-profiles/', headers: apiKey(created.key) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${created.uid}/`, headers: bearer(user.token) });
    expect(revoked.statusCode).toBe(204);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/scan-profiles/', headers: apiKey(created.key) });
    expect([refused.statusCode, refused.json()]).toEqual([401, { detail: INVALID_CREDENTIALS }]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${created.uid}/`, headers: bearer(user.token) });
    expect(again.json()).toEqual({ detail: API_KEY_NOT_FOUND });
  });

  it('refuse made-up keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/scan-profiles/', headers: apiKey('rsk_not-a-real-key') });
    expect(response.statusCode).toBe(401);
  });
});

describe('API keys on a plan without API access', () => {
  it('cannot be created', async () => {
    const free = await startScanTestWorld();
    try {
      const member = await free.signedInUser();
      const response = await free.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys/',
        headers: bearer(member.token),
        payload: { name: 'x' },
      });
      expect([response.statusCode, response.json()]).toEqual([403, { detail: API_ACCESS_NOT_IN_PLAN }]);
    } finally {
      await free.close();
    }
  });
});
