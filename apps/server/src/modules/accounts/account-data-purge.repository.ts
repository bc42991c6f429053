import type { Executor } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer matter: refresh tokens and e-mailed links a day past their expiry
 * (spent refresh tokens stay until then, so reuse is still recognised), sessions signed out or
 * idle for 30 days, and sign-in failure counts past their quiet period. Returns rows deleted.
 */
export async function purgeExpiredAccountData(db: Executor, now = new Date(), quietPeriodMs = 60 * 60_000): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const results = await Promise.all([
    db.deleteFrom('refresh_tokens').where('expires_at', '<', dayAgo).executeTakeFirst(),
    db.deleteFrom('account_tokens').where('expires_at', '<', dayAgo).executeTakeFirst(),
    db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('revoked_at', '<', monthAgo), eb('last_used_at', '<', monthAgo)]))
      .executeTakeFirst(),
    db
      .deleteFrom('sign_in_throttle')
      .where('last_failure_at', '<', new Date(now.getTime() - quietPeriodMs))
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', now)]))
      .executeTakeFirst(),
  ]);
  return results.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}
