import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ThrottleRule, ThrottleScope } from './sign-in-throttle.ts';

export type SignInThrottleTable = {
  scope: ThrottleScope;
  key: string;
  failures: number;
  last_failure_at: Date;
  blocked_until: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    sign_in_throttle: SignInThrottleTable;
  }
}

/** Where a claim stands: admitted (the attempt already counted as a failure), or refused while a block runs. */
export type Claim = { admitted: true; failures: number; blockedUntil: Date | null } | { admitted: false; blockedUntil: Date };

/**
 * Claims one sign-in attempt for a key in one statement: it counts as a failure up front (the
 * caller takes it back on success), so concurrent guesses are all counted before any password is
 * checked; while a block runs nothing is counted and the claim is refused. The count passing the
 * rule's free failures starts the next block in the same statement.
 */
export async function claimAttempt(db: Executor, scope: ThrottleScope, key: string, rule: ThrottleRule, now: Date): Promise<Claim> {
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const failures = sql<number>`case when sign_in_throttle.last_failure_at < ${forgetBefore} then 1 else sign_in_throttle.failures + 1 end`;
  const wait = sql`least(${rule.maxDelayMs}, ${rule.baseDelayMs} * power(2, ${failures} - ${rule.freeFailures} - 1))`;
  const row = await db
    .insertInto('sign_in_throttle')
    .values({ scope, key, failures: 1, last_failure_at: now, blocked_until: null })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({
          failures,
          last_failure_at: now,
          blocked_until: sql<Date | null>`case when ${failures} > ${rule.freeFailures}
            then ${now}::timestamptz + ${wait} * interval '1 millisecond' else null end`,
        })
        .where((eb) => eb.or([eb('sign_in_throttle.blocked_until', 'is', null), eb('sign_in_throttle.blocked_until', '<=', now)])),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirst();
  if (row) return { admitted: true, failures: row.failures, blockedUntil: row.blocked_until };
  const blocked = await db
    .selectFrom('sign_in_throttle')
    .select('blocked_until')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { admitted: false, blockedUntil: blocked.blocked_until ?? now };
}

/** Takes back an admitted attempt that turned out right (what `claimAttempt` counted up front). */
export async function takeBackAttempt(db: Executor, scope: ThrottleScope, key: string, rule: ThrottleRule): Promise<void> {
  await db
    .updateTable('sign_in_throttle')
    .set({
      failures: sql<number>`greatest(failures - 1, 0)`,
      blocked_until: sql<Date | null>`case when failures - 1 > ${rule.freeFailures} then blocked_until else null end`,
    })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

export async function forgetFailures(db: Executor, scope: ThrottleScope, key: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('scope', '=', scope).where('key', '=', key).execute();
}
