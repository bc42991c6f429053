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
