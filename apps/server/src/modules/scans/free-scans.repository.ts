import { type Generated, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type FreeScansTable = {
  anonymous_uid: string;
  client_ip: string;
  claimed_at: Generated<Date>;
  /** When the id's scan was spent; null: not yet, or given back (the page could not be reached). */
  used_at: Date | null;
};

/** One free scan spent from a network, kept when the scan is given back: what the daily cap counts. */
export type FreeScanSpendsTable = {
  id: Generated<string>;
  client_ip: string;
  spent_at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    free_scans: FreeScansTable;
    free_scan_spends: FreeScanSpendsTable;
  }
}

export function findFreeScan(db: Executor, anonymousUid: string) {
  return db.selectFrom('free_scans').selectAll().where('anonymous_uid', '=', anonymousUid).executeTakeFirst();
}

/**
 * The free scans spent from `clientIp` since `since`, oldest first (the first to leave the daily
 * window); scans given back since count too, and older spends of the network are dropped.
 */
export async function freeScansSpentFromIp(db: Executor, clientIp: string, since: Date): Promise<Date[]> {
  await db.deleteFrom('free_scan_spends').where('client_ip', '=', clientIp).where('spent_at', '<', since).execute();
  const rows = await db.selectFrom('free_scan_spends').select('spent_at').where('client_ip', '=', clientIp).orderBy('spent_at').execute();
  return rows.map((row) => row.spent_at);
}

/**
 * Takes the ledger of `clientIp` to the caller's transaction until it ends: two guests of one
 * network spending at the same moment are counted one after the other.
 */
export async function lockIpLedger(trx: Executor, clientIp: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`free-scans:${clientIp}`}))`.execute(trx);
}

/** Spends the free scan of an id, once: true only for the first caller. */
export async function spendFreeScan(db: Executor, anonymousUid: string, clientIp: string): Promise<boolean> {
  const spent = await db
    .insertInto('free_scans')
    .values({ anonymous_uid: anonymousUid, client_ip: clientIp, used_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('anonymous_uid')
        .doUpdateSet({ used_at: sql<Date>`now()`, client_ip: clientIp })
        .where('free_scans.used_at', 'is', null),
    )
    .returning('anonymous_uid')
    .executeTakeFirst();
  if (spent) await db.insertInto('free_scan_spends').values({ client_ip: clientIp }).execute();
  return spent !== undefined;
}

/** Gives the free scan of an id back (its page could not be reached). */
export async function returnFreeScan(db: Executor, anonymousUid: string): Promise<void> {
  await db.updateTable('free_scans').set({ used_at: null }).where('anonymous_uid', '=', anonymousUid).execute();
}
