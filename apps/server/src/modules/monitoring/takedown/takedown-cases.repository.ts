import type { TakedownCase, TakedownStatus } from '@riskscan/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Executor } from '../../../db/database.ts';

/** What the pack found when it was made: contacts and evidence, kept as they were. */
export type TakedownPack = Pick<TakedownCase, 'registrar' | 'hosting' | 'evidence'>;

export type TakedownCasesTable = {
  id: Generated<number>;
  uid: string;
  monitor_id: number;
  domain: string;
  status: TakedownStatus;
  pack: ColumnType<TakedownPack, string, string>;
  report: string;
  reported_at: Generated<Date>;
  last_checked_at: Date | null;
  next_check_at: Date;
  down_at: Date | null;
  checks: Generated<number>;
};

declare module '../../../db/schema.ts' {
  interface Database {
    takedown_cases: TakedownCasesTable;
  }
}

export type TakedownCaseRow = Selectable<TakedownCasesTable>;

/** Opens the case, or returns the one already open for this look-alike (asking twice makes one case). */
export async function openTakedownCase(
  db: Executor,
  values: { uid: string; monitorId: number; domain: string; pack: TakedownPack; report: string; now: Date; nextCheckAt: Date },
): Promise<TakedownCaseRow> {
  const inserted = await db
    .insertInto('takedown_cases')
    .values({
      uid: values.uid,
      monitor_id: values.monitorId,
      domain: values.domain,
      status: 'reported',
      pack: JSON.stringify(values.pack),
      report: values.report,
      reported_at: values.now,
      next_check_at: values.nextCheckAt,
    })
    .onConflict((conflict) => conflict.columns(['monitor_id', 'domain']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await findTakedownCase(db, values.monitorId, { domain: values.domain }))!;
}

export function findTakedownCase(
  db: Executor,
  monitorId: number,
  by: { uid: string } | { domain: string },
): Promise<TakedownCaseRow | undefined> {
  const query = db.selectFrom('takedown_cases').selectAll().where('monitor_id', '=', monitorId);
  return ('uid' in by ? query.where('uid', '=', by.uid) : query.where('domain', '=', by.domain)).executeTakeFirst();
}

export function takedownCasesOfMonitor(db: Executor, monitorId: number): Promise<TakedownCaseRow[]> {
  return db.selectFrom('takedown_cases').selectAll().where('monitor_id', '=', monitorId).orderBy('reported_at', 'desc').execute();
}

/** Open cases whose recheck is due, claimed by pushing their next check out (two schedulers check each once). */
export async function claimDueTakedownChecks(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<TakedownCaseRow[]> {
  const due = await db
    .selectFrom('takedown_cases')
    .select('id')
    .where('status', '!=', 'down')
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('takedown_cases')
    .set({ next_check_at: leaseUntil })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('next_check_at', '<=', now)
    .returningAll()
    .execute();
}

export async function recordTakedownCheck(
  db: Executor,
  id: number,
  check: { up: boolean; now: Date; nextCheckAt: Date },
): Promise<TakedownCaseRow> {
  return db
    .updateTable('takedown_cases')
    .set((eb) => ({
      status: check.up ? 'still_up' : 'down',
      last_checked_at: check.now,
      next_check_at: check.nextCheckAt,
      down_at: check.up ? null : check.now,
      checks: eb('checks', '+', 1),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
