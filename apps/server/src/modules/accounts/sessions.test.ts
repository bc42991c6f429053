import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from './sessions.service.ts';
import { createUser, signInAs } from './testing/account-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { refreshToken } });
/** Moves every spend of a refresh token back past the grace window, as if minutes went by. */
const outliveGrace = () =>
  t.testDb.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
    .where('used_at', 'is not', null)
    .execute();
const details = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user-details/', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/v1/auth/token', () => {
  it('rotates: each refresh token buys one new pair and is spent', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next).toEqual({ loggedIn: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect((await details(next.accessToken)).statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).json().loggedIn).toBe(true);
  });

  it('revokes the whole session when a spent refresh token comes back', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const rotated = (await refresh(session.refreshToken)).json();
    await outliveGrace();
    // A thief replays the first token: it fails and takes the rotated tokens with it.
    expect((await refresh(session.refreshToken)).json()).toEqual({ loggedIn: false });
    expect((await refresh(rotated.refreshToken)).json()).toEqual({ loggedIn: false });
    expect((await details(rotated.accessToken)).statusCode).toBe(401);
    expect((await details(session.token)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone on reuse', async () => {
    const user = await createUser(t.app);
    const phone = await signInAs(t.app, user);
    const laptop = await signInAs(t.app, user);
    await refresh(phone.refreshToken);
    await outliveGrace();
    await refresh(phone.refreshToken);
    expect((await details(laptop.token)).statusCode).toBe(200);
    expect((await refresh(laptop.refreshToken)).json().loggedIn).toBe(true);
  });

  it('gives a second tab presenting the just-spent token the same new refresh token, within the grace window', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const [tabA, tabB] = (await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)])).map((r) => r.json());
    expect(tabA.loggedIn).toBe(true);
    expect(tabB.loggedIn).toBe(true);
    expect(tabB.refreshToken).toBe(tabA.refreshToken);
    expect((await details(tabB.accessToken)).statusCode).toBe(200);
    // The session lives on: the shared successor rotates as usual.
    expect((await refresh(tabA.refreshToken)).json().loggedIn).toBe(true);
  });

  it('stores the successor only sealed: the spent row never holds the new token in the clear', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const rotated = (await refresh(session.refreshToken)).json();
    const rows = await t.testDb.db
      .selectFrom('refresh_tokens')
      .select('successor_sealed')
      .where('successor_sealed', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.successor_sealed?.includes(rotated.refreshToken))).toBe(false);
  });

  it('says loggedIn false for an expired or unknown refresh token', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    await t.testDb.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await refresh(session.refreshToken)).json()).toEqual({ loggedIn: false });
    expect((await refresh('not-a-token')).json()).toEqual({ loggedIn: false });
  });

  it('keeps only hashes of refresh tokens', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const rows = await t.testDb.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === session.refreshToken || row.token_hash.includes(session.refreshToken))).toBe(false);
  });
});

describe('POST /api/v1/logout/', () => {
  it('ends the session: the access token and the refresh token stop working', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: { authorization: `Bearer ${session.token}` } });
    expect(response.statusCode).toBe(200);
    expect((await details(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).json()).toEqual({ loggedIn: false });
  });

  it('signs out with only the refresh token, and answers 200 to a stale access token', async () => {
    const session = await signInAs(t.app, await createUser(t.app));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      headers: { authorization: 'Bearer stale.token.value' },
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await details(session.token)).statusCode).toBe(401);
  });
});
