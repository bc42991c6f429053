import type { VERDICT_REPORT_KINDS, VERDICT_REPORT_STATUSES } from '@riskscan/contracts';
import type { Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type VerdictReportsTable = {
  id: Generated<number>;
  uid: string;
  scan_uid: string;
  url: string;
  kind: (typeof VERDICT_REPORT_KINDS)[number];
  comment: string | null;
  overall_risk: number;
  listed: boolean;
  reporter_id: number | null;
  status: Generated<(typeof VERDICT_REPORT_STATUSES)[number]>;
  reviewer: string | null;
  created_at: Generated<Date>;
  reviewed_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    verdict_reports: VerdictReportsTable;
  }
}

export type VerdictReportRow = Selectable<VerdictReportsTable>;
export type NewVerdictReport = Pick<
  VerdictReportRow,
  'uid' | 'scan_uid' | 'url' | 'kind' | 'comment' | 'overall_risk' | 'listed' | 'reporter_id'
>;

/** Files a report; the same person reporting the same scan the same way again gets their first report back. */
export async function insertReport(db: Executor, report: NewVerdictReport): Promise<VerdictReportRow> {
  await db
    .insertInto('verdict_reports')
    .values(report)
    .onConflict((conflict) => conflict.columns(['scan_uid', 'reporter_id', 'kind']).doNothing())
    .execute();
  return db
    .selectFrom('verdict_reports')
    .selectAll()
    .where('scan_uid', '=', report.scan_uid)
    .where('kind', '=', report.kind)
    .where((eb) => (report.reporter_id === null ? eb('reporter_id', 'is', null) : eb('reporter_id', '=', report.reporter_id)))
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

export function listReports(db: Executor, status: VerdictReportRow['status'], limit: number): Promise<VerdictReportRow[]> {
  return db
    .selectFrom('verdict_reports')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Decides a pending report; undefined when there is no pending report with this uid. */
export function decidePendingReport(
  db: Executor,
  uid: string,
  decision: { status: 'accepted' | 'rejected'; reviewer: string; at: Date },
): Promise<VerdictReportRow | undefined> {
  return db
    .updateTable('verdict_reports')
    .set({ status: decision.status, reviewer: decision.reviewer, reviewed_at: decision.at })
    .where('uid', '=', uid)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Accepted reports: the labelled examples for the next training run, oldest first. */
export function acceptedReports(db: Executor): Promise<VerdictReportRow[]> {
  return db.selectFrom('verdict_reports').selectAll().where('status', '=', 'accepted').orderBy('reviewed_at').orderBy('id').execute();
}
