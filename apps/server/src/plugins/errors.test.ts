import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { clientErrorHandler, errorsPlugin, INVALID_VALUE, REQUEST_TOO_LARGE, TRY_AGAIN } from './errors.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

/** An app whose one route runs `query` against the real test database and lets its error through. */
async function answerTo(query: () => Promise<unknown>) {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/', async () => {
    await query();
    return { ok: true };
  });
  const response = await app.inject({ url: '/' });
  await app.close();
  return response;
}

describe('database errors (issue 21)', () => {
  it('answers a value the database cannot take (NUL in text, an integer out of range) with 400, not 500', async () => {
    const nul = await answerTo(() => testDb.db.selectFrom('users').select('id').where('email', '=', 'a\u0000b').execute());
    expect([nul.statusCode, nul.json()]).toEqual([400, { detail: INVALID_VALUE }]);
    const range = await answerTo(() =>
      testDb.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', 2 ** 40)
        .execute(),
    );
    expect([range.statusCode, range.json()]).toEqual([400, { detail: INVALID_VALUE }]);
  });

  it('answers an unreachable database with 503 and Retry-After', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    for (const error of [refused, shuttingDown]) {
      const response = await answerTo(() => Promise.reject(error));
      expect([response.statusCode, response.headers['retry-after'], response.json()]).toEqual([503, '5', { detail: TRY_AGAIN }]);
    }
  });

  it('still answers a real bug with a bare 500', async () => {
    const response = await answerTo(() => Promise.reject(new TypeError('x is undefined')));
    expect([response.statusCode, response.json()]).toEqual([500, { detail: 'Internal server error.' }]);
  });
});

describe('errors before routing', () => {
  it('answers an over-long request line with 431 in the one error shape', async () => {
    const app = Fastify({ clientErrorHandler });
    await app.register(errorsPlugin);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/?url=${'a'.repeat(40_000)}`);
      expect([response.status, await response.json()]).toEqual([431, { detail: REQUEST_TOO_LARGE }]);
    } finally {
      await app.close();
    }
  });
});
