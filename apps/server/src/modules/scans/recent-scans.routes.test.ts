import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

let t: ScanTestWorld;
const uids: Record<string, string> = {};

const scan = async (name: string, url: string, extra: Record<string, string> = {}) => {
  const user = await t.signedInUser();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/check-url/',
    query: { url, fastCheck: 'true', ...extra },
    headers: bearer(user.token),
  });
  uids[name] = response.json().data.uid;
};

beforeAll(async () => {
  t = await startScanTestWorld();
  for (let n = 1; n <= 11; n++) await scan(`public${n}`, `https://sunny-garden-blog.com/?n=${n}`);
  await scan('private', 'https://sunny-garden-blog.com/?n=private', { private: 'true' });
  await scan('secret', 'https://sunny-garden-blog.com/reset?token=abc123');
  await scan('email', 'https://sunny-garden-blog.com/?ref=jane@example.com');
  await scan('internal address', 'http://10.20.30.40/admin');
  await scan('internal name', 'http://intranet.corp/payroll');
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/recent-scans/', () => {
  it('lists the 10 newest public scans without credentials, never private ones or URLs carrying secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/recent-scans/' });
    expect(response.statusCode).toBe(200);
    const board = response.json();
    expect(board).toHaveLength(10);
    expect(board.map((row: { uid: string }) => row.uid)).toEqual(Array.from({ length: 10 }, (_, i) => uids[`public${11 - i}`]));
    expect(board[0]).toEqual({
      uid: uids.public11,
      url: 'https://sunny-garden-blog.com/?n=11',
      date: expect.any(String),
      overall_risk_score: expect.any(Number),
    });
    const text = response.body;
    expect(text).not.toContain('private');
    expect(text).not.toContain('token=');
    expect(text).not.toContain('jane');
    expect(text).not.toContain('10.20.30.40');
    expect(text).not.toContain('intranet');
  });
});

describe('GET /api/recent-scans/{uid}/', () => {
  it('answers a board scan under data', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/recent-scans/${uids.public3}/` });
    expect(response.statusCode).toBe(200);
    expect(checkResultSchema.parse(response.json().data).uid).toBe(uids.public3);
  });

  it('answers 404 for private scans, scans of URLs carrying secrets and scans of internal hosts', async () => {
    for (const name of ['private', 'secret', 'email', 'internal address', 'internal name']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/recent-scans/${uids[name]}/` });
      expect([name, response.statusCode]).toEqual([name, 404]);
    }
  });
});
