import { type Generated, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type FreeScansTable = {
  anonymous_uid: string;
  client_ip: string;
  claimed_at: Generated<Date>;
  used_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    free_scans: FreeScansTable;
  }
}

export function findFreeScan(db: Executor, anonymousUid: string) {
  return db.selectFrom('free_scans').selectAll().where('anonymous_uid', '=', anonymousUid).executeTakeFirst();
}

export async function countFreeScansFromIp(db: Executor, clientIp: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('free_scans')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_ip', '=', clientIp)
    .where('claimed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the claim; false when the id was claimed meanwhile. */
export async function claimFreeScan(db: Executor, anonymousUid: string, clientIp: string): Promise<boolean> {
  const inserted = await db
    .insertInto('free_scans')
    .values({ anonymous_uid: anonymousUid, client_ip: clientIp, used_at: null })
    .onConflict((oc) => oc.column('anonymous_uid').doNothing())
    .returning('anonymous_uid')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Spends the free scan of a claimed id, once: true only for the first caller. */
export async function useFreeScan(db: Executor, anonymousUid: string): Promise<boolean> {
  const result = await db
    .updateTable('free_scans')
    .set({ used_at: sql`now()` })
    .where('anonymous_uid', '=', anonymousUid)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
