import type { AlertMode } from '@riskscan/contracts';
import { type ColumnType, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type MonitorsTable = {
  id: Generated<number>;
  uid: string;
  user_id: number;
  domain: string;
  keywords: ColumnType<string[], string, string>;
  alert_email: string | null;
  /** When the owner of `alert_email` followed the confirmation link; alerts wait for it (issue 29). */
  alert_email_confirmed_at: Date | null;
  /** SHA-256 of the confirmation link's token while `alert_email` waits for confirmation. */
  alert_email_token_hash: string | null;
  webhook_url: string | null;
  webhook_secret: string;
  alert_mode: AlertMode;
  paused: Generated<boolean>;
  next_run_at: Date;
  last_digest_at: Generated<Date>;
  created_at: Generated<Date>;
};

export type MonitorRunsTable = {
  id: Generated<number>;
  uid: string;
  monitor_id: number;
  trigger: 'schedule' | 'manual';
  status: 'queued' | 'running' | 'done' | 'failed';
  names_total: number | null;
  names_checked: Generated<number>;
  found: Generated<number>;
  attempts: Generated<number>;
  error: string | null;
  locked_until: Date | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  /** Set when the name pass is over and the run waits only for its page scans (record 172). */
  names_done_at: ColumnType<Date | null, never, Date | null>;
};

declare module '../../db/schema.ts' {
  interface Database {
    monitors: MonitorsTable;
    monitor_runs: MonitorRunsTable;
  }
}

export type MonitorRow = Selectable<MonitorsTable>;
export type MonitorRunRow = Selectable<MonitorRunsTable>;
export type MonitorChanges = Partial<
  Pick<
    MonitorRow,
    'keywords' | 'alert_email' | 'alert_email_confirmed_at' | 'alert_email_token_hash' | 'webhook_url' | 'alert_mode' | 'paused'
  >
>;

/** Confirms the alert address waiting for this token; undefined when no address waits for it. */
export function confirmAlertEmail(db: Executor, tokenHash: string, now: Date) {
  return db
    .updateTable('monitors')
    .set({ alert_email_confirmed_at: now, alert_email_token_hash: null })
    .where('alert_email_token_hash', '=', tokenHash)
    .returning(['id', 'uid', 'alert_email'])
    .executeTakeFirst();
}

export async function insertMonitor(
  db: Executor,
  monitor: Omit<MonitorRow, 'id' | 'paused' | 'last_digest_at' | 'created_at'>,
): Promise<MonitorRow | undefined> {
  return db
    .insertInto('monitors')
    .values({ ...monitor, keywords: JSON.stringify(monitor.keywords) })
    .onConflict((conflict) => conflict.columns(['user_id', 'domain']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function countMonitors(db: Executor, userId: number): Promise<number> {
  return db
    .selectFrom('monitors')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function monitorsOf(db: Executor, userId: number): Promise<MonitorRow[]> {
  return db.selectFrom('monitors').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function findMonitor(db: Executor, uid: string): Promise<MonitorRow | undefined> {
  return db.selectFrom('monitors').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export function findMonitorById(db: Executor, id: number): Promise<MonitorRow | undefined> {
  return db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateMonitor(db: Executor, id: number, changes: MonitorChanges): Promise<MonitorRow | undefined> {
  const { keywords, ...rest } = changes;
  return db
    .updateTable('monitors')
    .set({ ...rest, ...(keywords ? { keywords: JSON.stringify(keywords) } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMonitor(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('monitors').where('id', '=', id).execute();
}

/**
 * Monitors whose check is due, each moved `leaseMs` on, so a second scheduler ticking at once does
 * not take them too; the caller runs it in a transaction (the row locks hold until the move is
 * committed) and then sets their real next slot.
 */
export async function claimDueMonitors(db: Executor, now: Date, leaseMs: number): Promise<MonitorRow[]> {
  const due = await db
    .selectFrom('monitors')
    .selectAll()
    .where('next_run_at', '<=', now)
    .where('paused', '=', false)
    .orderBy('next_run_at')
    .limit(100)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length > 0) {
    await db
      .updateTable('monitors')
      .set({ next_run_at: new Date(now.getTime() + leaseMs) })
      .where(
        'id',
        'in',
        due.map((monitor) => monitor.id),
      )
      .execute();
  }
  return due;
}

export async function setNextRun(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('monitors').set({ next_run_at: at }).where('id', '=', id).execute();
}

/**
 * Monitors with alerts to send: live ones with any event no alert took yet (discovery finds names
 * between runs), digest ones whose hour or day since the last alert is up.
 */
export function alertsDue(db: Executor, now: Date): Promise<MonitorRow[]> {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('alert_mode', '=', 'live'),
          eb.exists(
            eb
              .selectFrom('lookalike_events')
              .select('lookalike_events.id')
              .whereRef('lookalike_events.monitor_id', '=', 'monitors.id')
              .where('lookalike_events.alert_batch', 'is', null),
          ),
        ]),
        eb.and([eb('alert_mode', '=', 'hourly'), eb('last_digest_at', '<=', new Date(now.getTime() - 3_600_000))]),
        eb.and([eb('alert_mode', '=', 'daily'), eb('last_digest_at', '<=', new Date(now.getTime() - 86_400_000))]),
      ]),
    )
    .execute();
}

/** Opens a run unless one is already queued or running (the partial unique index decides); that one otherwise. */
export async function openRun(
  db: Executor,
  monitorId: number,
  uid: string,
  trigger: MonitorRunRow['trigger'],
): Promise<{ run: MonitorRunRow; created: boolean }> {
  const created = await db
    .insertInto('monitor_runs')
    .values({
      uid,
      monitor_id: monitorId,
      trigger,
      status: 'queued',
      names_total: null,
      error: null,
      locked_until: null,
      started_at: null,
      finished_at: null,
    })
    .onConflict((conflict) => conflict.column('monitor_id').where('status', 'in', ['queued', 'running']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return { run: created, created: true };
  const open = await db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return { run: open, created: false };
}

/**
 * Takes a run for this worker until `lockUntil`: a queued one, or a running one whose worker
 * stopped renewing its lock (a restart). Undefined when another worker holds it or it is finished.
 */
export function claimRun(db: Executor, uid: string, now: Date, lockUntil: Date): Promise<MonitorRunRow | undefined> {
  return (
    db
      .updateTable('monitor_runs')
      .set({ status: 'running', locked_until: lockUntil, attempts: sql`attempts + 1`, started_at: sql`coalesce(started_at, ${now})` })
      .where('uid', '=', uid)
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
      // A run waiting for its page scans is settled by the scheduler, never passed over again.
      .where('names_done_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
  );
}

export async function recordRunProgress(
  db: Executor,
  runId: number,
  progress: { names_total?: number; names_checked: number; found: number },
  lockUntil: Date,
) {
  await db
    .updateTable('monitor_runs')
    .set({ ...progress, locked_until: lockUntil })
    .where('id', '=', runId)
    .execute();
}

export async function finishRun(db: Executor, runId: number, outcome: { status: 'done' | 'failed'; error: string | null }, now: Date) {
  await db
    .updateTable('monitor_runs')
    .set({ ...outcome, finished_at: now, locked_until: null })
    .where('id', '=', runId)
    .execute();
}

/**
 * Open runs no live worker holds: running ones whose lock lapsed (their worker stopped), and
 * queued ones older than `queuedBefore` (a queue that lost them in a restart).
 */
export function resumableRunUids(db: Executor, now: Date, queuedBefore: Date): Promise<string[]> {
  return db
    .selectFrom('monitor_runs')
    .select('uid')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('created_at', '<=', queuedBefore)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now), eb('names_done_at', 'is', null)]),
      ]),
    )
    .execute()
    .then((rows) => rows.map((row) => row.uid));
}

/** Ends a run's name pass: from now until `lockUntil` it waits for its page scans, and nobody takes it over. */
export async function endNamePass(db: Executor, runId: number, now: Date, lockUntil: Date): Promise<void> {
  await db.updateTable('monitor_runs').set({ names_done_at: now, locked_until: lockUntil }).where('id', '=', runId).execute();
}

/** Marks a run whose name pass is over done; true for the one caller that did (several may try at once). */
export async function completeRun(db: Executor, runId: number, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('monitor_runs')
    .set({ status: 'done', error: null, finished_at: now, locked_until: null })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .where('names_done_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

/** Runs still waiting for page scans past their deadline: scans lost on the way (record 172). */
export function runsPastPageDeadline(db: Executor, now: Date): Promise<MonitorRunRow[]> {
  return db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('status', '=', 'running')
    .where('names_done_at', 'is not', null)
    .where('locked_until', '<', now)
    .execute();
}

export function findRunById(db: Executor, id: number): Promise<MonitorRunRow | undefined> {
  return db.selectFrom('monitor_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestRuns(db: Executor, monitorIds: number[]): Promise<MonitorRunRow[]> {
  if (monitorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('monitor_runs')
    .selectAll()
    .distinctOn('monitor_id')
    .where('monitor_id', 'in', monitorIds)
    .orderBy('monitor_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
