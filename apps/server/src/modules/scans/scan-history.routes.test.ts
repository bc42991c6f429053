import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DENIED } from '../auth/auth.plugin.ts';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';
import { INVALID_PAGE } from './scan-reads.ts';

let t: ScanTestWorld;
let user: { id: number; uid: string; token: string };
const scanned: string[] = [];

beforeAll(async () => {
  t = await startScanTestWorld();
  user = await t.signedInUser();
  for (let n = 1; n <= 12; n++) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url: `https://sunny-garden-blog.com/?page=${n}`, fastCheck: 'true', private: n === 12 ? 'true' : 'false' },
      headers: bearer(user.token),
    });
    scanned.push(response.json().data.uid);
  }
});

afterAll(async () => {
  await t.close();
});

const history = (query: string, token = user.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1/scan-history/${query}`, headers: bearer(token) });

describe('GET /api/v1/scan-history/', () => {
  it('pages ones own scans newest first, Django style', async () => {
    const first = (await history(`?page=1&user=${user.uid}`)).json();
    expect(first.count).toBe(12);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`/api/v1/scan-history/?page=2&user=${user.uid}`);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toEqual({
      uid: scanned[11],
      url: 'https://sunny-garden-blog.com/?page=12',
      date: expect.any(String),
      overall_risk_score: expect.any(Number),
      // The twelfth scan was asked for private; history says so (issue 37).
      visibility: 'private',
    });
    const second = (await history('?page=2')).json();
    expect(second.results.map((row: { uid: string }) => row.uid)).toEqual([scanned[1], scanned[0]]);
    expect([second.next, second.previous]).toEqual([null, '/api/v1/scan-history/?page=1']);
  });

  it('refuses pages past the end and other users histories', async () => {
    expect((await history('?page=3')).json()).toEqual({ detail: INVALID_PAGE });
    const other = await t.signedInUser();
    const peek = await history(`?user=${user.uid}`, other.token);
    expect([peek.statusCode, peek.json()]).toEqual([403, { detail: PERMISSION_DENIED }]);
    expect((await history('', other.token)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('GET /api/v1/scan-history/{uid}/', () => {
  it('shows ones own scan with its options and report, and nobody elses', async () => {
    const detail = (await history(`${scanned[11]}/`)).json();
    expect(detail).toMatchObject({ uid: scanned[11], status: 'done', options: { private: true, fastCheck: true, proxy: null } });
    expect(detail.options).not.toHaveProperty('profile');
    expect(detail.data.uid).toBe(scanned[11]);
    const other = await t.signedInUser();
    expect((await history(`${scanned[11]}/`, other.token)).statusCode).toBe(404);
  });
});
