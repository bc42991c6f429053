import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  t.app.get('/api/v1/_test/ping/', async () => ({ pong: true }));
  await t.app.ready();
});
afterAll(() => t.close());

it('limits requests per client with a detail message and standard headers', async () => {
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < 4; i++) {
    last = await t.app.inject({ method: 'GET', url: '/api/v1/_test/ping/' });
    statuses.push(last.statusCode);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect(last?.json()).toEqual({ detail: expect.stringMatching(/^Too many requests\. Please try again in/) });
  expect(last?.headers['retry-after']).toBeDefined();
});

it('lets allow-listed client IPs past every per-IP limit, route limits included, and no one else', async () => {
  const listed = await createTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_ALLOW_LIST: '127.0.0.1, ::1' });
  try {
    listed.app.get('/api/v1/_test/ping/', async () => ({ pong: true }));
    listed.app.get('/api/v1/_test/tight/', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    await listed.app.ready();
    const statuses = async (url: string, remoteAddress: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 3; i++) seen.push((await listed.app.inject({ method: 'GET', url, remoteAddress })).statusCode);
      return seen;
    };
    expect(await statuses('/api/v1/_test/ping/', '127.0.0.1')).toEqual([200, 200, 200]);
    expect(await statuses('/api/v1/_test/tight/', '127.0.0.1')).toEqual([200, 200, 200]);
    expect(await statuses('/api/v1/_test/tight/', '203.0.113.9')).toEqual([200, 429, 429]);
  } finally {
    await listed.close();
  }
});

it('refuses an allow list entry that is no IP address', async () => {
  await expect(createTestApp({ RATE_LIMIT_ALLOW_LIST: '127.0.0.1,office-proxy' })).rejects.toThrow(
    'RATE_LIMIT_ALLOW_LIST entries must be IP addresses',
  );
});

it('counts every IPv6 address of one network as one client, by the configured prefix', async () => {
  const wide = await createTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_IPV6_PREFIX: '48', RATE_LIMIT_ALLOW_LIST: '2001:db8:9::1' });
  try {
    wide.app.get('/api/v1/_test/ping/', async () => ({ pong: true }));
    await wide.app.ready();
    const status = async (remoteAddress: string) =>
      (await wide.app.inject({ method: 'GET', url: '/api/v1/_test/ping/', remoteAddress })).statusCode;
    const seen = [await status('2001:db8:7:1::1'), await status('2001:db8:7:2::2'), await status('2001:db8:7:ff00::9')];
    expect(seen).toEqual([200, 200, 200]);
    expect(await status('2001:db8:7:1234:5678::1')).toBe(429);
    expect(await status('2001:db8:8::1')).toBe(200);
    // The allow list names addresses, IPv6 ones included.
    for (let i = 0; i < 4; i++) expect(await status('2001:db8:9::1')).toBe(200);
  } finally {
    await wide.close();
  }
});
