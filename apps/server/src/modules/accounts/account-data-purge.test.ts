import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { purgeExpiredAccountData } from './account-data-purge.repository.ts';
import { createUser, signInAs } from './testing/account-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('purgeExpiredAccountData', () => {
  it('deletes long-expired tokens, old sessions and stale failure counts, and keeps what is live', async () => {
    const live = await signInAs(t.app, await createUser(t.app));
    const old = await createUser(t.app);
    await signInAs(t.app, old);
    await t.app.inject({ method: 'POST', url: '/api/v1/password-reset/', payload: { email: old.email } });
    await t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email: old.email, password: 'Wrong!pass1' } });

    const db = t.testDb.db;
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const oldSessions = db.selectFrom('sessions').select('id').where('user_id', '=', old.id);
    await db.updateTable('refresh_tokens').set({ expires_at: longAgo }).where('session_id', 'in', oldSessions).execute();
    await db.updateTable('sessions').set({ last_used_at: longAgo }).where('user_id', '=', old.id).execute();
    await db.updateTable('account_tokens').set({ expires_at: longAgo }).where('user_id', '=', old.id).execute();
    await db.updateTable('sign_in_throttle').set({ last_failure_at: longAgo }).execute();

    expect(await purgeExpiredAccountData(db)).toBeGreaterThanOrEqual(4);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', old.id).execute()).toEqual([]);
    expect(await db.selectFrom('account_tokens').select('user_id').where('user_id', '=', old.id).execute()).toEqual([]);
    expect(await db.selectFrom('sign_in_throttle').selectAll().execute()).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { refreshToken: live.refreshToken } })).json().loggedIn,
    ).toBe(true);
  });
});
