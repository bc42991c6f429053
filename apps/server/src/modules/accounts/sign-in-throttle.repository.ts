import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
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

type Executor = Db | Transaction<Database>;

/** The latest block over the given keys, if any is still running. */
export async function latestBlock(db: Executor, keys: ReadonlyArray<{ scope: ThrottleScope; key: string }>): Promise<Date | null> {
  const rows = await db
    .selectFrom('sign_in_throttle')
    .select('blocked_until')
    .where((eb) => eb.or(keys.map(({ scope, key }) => eb.and([eb('scope', '=', scope), eb('key', '=', key)]))))
    .where('blocked_until', '>', new Date())
    .execute();
  return rows.reduce<Date | null>(
    (latest, row) => (row.blocked_until && (!latest || row.blocked_until > latest) ? row.blocked_until : latest),
    null,
  );
}

/**
 * Counts one failure atomically (concurrent guesses all count) and returns the new count; a
 * count older than the rule's quiet period starts again at one.
 */
export async function countFailure(db: Executor, scope: ThrottleScope, key: string, rule: ThrottleRule): Promise<number> {
  const now = new Date();
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const row = await db
    .insertInto('sign_in_throttle')
    .values({ scope, key, failures: 1, last_failure_at: now, blocked_until: null })
    .onConflict((oc) =>
      oc.columns(['scope', 'key']).doUpdateSet({
        failures: sql<number>`case when sign_in_throttle.last_failure_at < ${forgetBefore} then 1 else sign_in_throttle.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function blockUntil(db: Executor, scope: ThrottleScope, key: string, until: Date): Promise<void> {
  await db.updateTable('sign_in_throttle').set({ blocked_until: until }).where('scope', '=', scope).where('key', '=', key).execute();
}

export async function forgetFailures(db: Executor, scope: ThrottleScope, key: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('scope', '=', scope).where('key', '=', key).execute();
}
