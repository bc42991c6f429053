import type { LookalikeDnsRecords } from '@riskscan/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The scans of look-alike pages a run asked for and has not recorded yet (record 172). */
export type MonitorPageScansTable = {
  scan_uid: string;
  run_id: number;
  domain: string;
  fuzzer: string;
  /** The look-alike's records as its watcher may see them, from the run's name pass. */
  dns: ColumnType<LookalikeDnsRecords, string, string>;
  /** The page as fetched when the scan was asked for: kept once the scan is done, so an unchanged page is not scanned again. */
  content_hash: string;
  similarity_html: number | null;
  created_at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    monitor_page_scans: MonitorPageScansTable;
  }
}

export type PageScanRow = Selectable<MonitorPageScansTable>;
/** A page scan with what recording it needs of its run. */
export type PendingPageScan = PageScanRow & { run_uid: string; monitor_id: number };

/** Records that the run awaits this scan; false when it awaits one of the same page already (a run taken over). */
export async function awaitPageScan(db: Executor, row: Omit<PageScanRow, 'created_at'>): Promise<boolean> {
  const inserted = await db
    .insertInto('monitor_page_scans')
    .values({ ...row, dns: JSON.stringify(row.dns) })
    .onConflict((conflict) => conflict.columns(['run_id', 'domain']).doNothing())
    .returning('scan_uid')
    .executeTakeFirst();
  return inserted !== undefined;
}

const pending = (db: Executor) =>
  db
    .selectFrom('monitor_page_scans')
    .innerJoin('monitor_runs', 'monitor_runs.id', 'monitor_page_scans.run_id')
    .selectAll('monitor_page_scans')
    .select(['monitor_runs.uid as run_uid', 'monitor_runs.monitor_id']);

export function findPageScan(db: Executor, scanUid: string): Promise<PendingPageScan | undefined> {
  return pending(db).where('monitor_page_scans.scan_uid', '=', scanUid).executeTakeFirst();
}

export function pageScansOfRun(db: Executor, runId: number): Promise<PendingPageScan[]> {
  return pending(db).where('monitor_page_scans.run_id', '=', runId).execute();
}

export async function countPageScans(db: Executor, runId: number): Promise<number> {
  const row = await db
    .selectFrom('monitor_page_scans')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function dropPageScan(db: Executor, scanUid: string): Promise<void> {
  await db.deleteFrom('monitor_page_scans').where('scan_uid', '=', scanUid).execute();
}
