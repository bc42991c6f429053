import { randomUUID } from 'node:crypto';
import type { VerdictReport, VerdictReportDecision, VerdictReportInput } from '@riskscan/contracts';
import type { Confirmation } from '@riskscan/scanner';
import type { Db } from '../../db/database.ts';
import { InvalidError, NotFoundError } from '../../domain-errors.ts';
import type { Retraction } from '../lookup/index.ts';
import type { ScanRow } from '../scans/index.ts';
import { acceptedReports, decidePendingReport, insertReport, listReports, type VerdictReportRow } from './verdict-reports.repository.ts';

/** What an accepted report corrects: our published verdicts (the lookup module's store). */
export type VerdictCorrections = {
  publish(url: string, confirmation: Confirmation): Promise<void>;
  retract(urls: string[], reason: Retraction): Promise<boolean>;
};

export const NOT_FINISHED = 'Only a finished scan can be reported.';
export const NO_PENDING_REPORT = 'No pending report with this id.';

/** A reviewer's word that a page is phishing: as strong as another source's listing agreeing with the page. */
const REVIEWED = { threat: 'phishing', evidence: ['review'], confidence: 90 } as const satisfies Confirmation;

export function presentReport(row: VerdictReportRow): VerdictReport {
  return {
    uid: row.uid,
    scan_uid: row.scan_uid,
    url: row.url,
    kind: row.kind,
    comment: row.comment,
    overall_risk: row.overall_risk,
    status: row.status,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

/** Files a user's report that `scan`'s verdict is wrong, for an operator to review. */
export async function reportVerdict(db: Db, scan: ScanRow, input: VerdictReportInput, reporterId: number | null): Promise<VerdictReport> {
  if (scan.status !== 'done' || scan.overall_risk === null) throw new InvalidError(NOT_FINISHED);
  const row = await insertReport(db, {
    uid: randomUUID(),
    scan_uid: scan.uid,
    url: scan.url,
    kind: input.kind,
    comment: input.comment || null,
    overall_risk: scan.overall_risk,
    listed: scan.on_board,
    reporter_id: reporterId,
  });
  return presentReport(row);
}

export async function reviewQueue(db: Db, status: VerdictReportRow['status'], limit = 100): Promise<VerdictReport[]> {
  return (await listReports(db, status, limit)).map(presentReport);
}

/**
 * An operator's decision on a pending report. Accepting one corrects the feeds at once: a false
 * positive retracts our verdict on the URL (revoked in TAXII, `to_ids: false` in MISP, gone from
 * lookups and hunts), a missed phishing page is published on the reviewer's word (only when its
 * scan was public and listed: a private scan's URL is never published). The accepted
 * report stays as a labelled example for the next training run.
 */
export async function decideReport(
  db: Db,
  corrections: VerdictCorrections,
  uid: string,
  decision: VerdictReportDecision,
  reviewer: string,
): Promise<VerdictReport> {
  const row = await decidePendingReport(db, uid, { status: decision === 'accept' ? 'accepted' : 'rejected', reviewer, at: new Date() });
  if (!row) throw new NotFoundError(NO_PENDING_REPORT);
  if (decision === 'accept') {
    if (row.kind === 'false_positive') await corrections.retract([row.url], 'report');
    else if (row.listed) await corrections.publish(row.url, REVIEWED);
  }
  return presentReport(row);
}

/** The labelled examples (one JSON object a line): `label` is what the URL really is. */
export async function labelledExamples(db: Db): Promise<string> {
  return (await acceptedReports(db))
    .map((row) =>
      JSON.stringify({
        url: row.url,
        label: row.kind === 'false_positive' ? 'benign' : 'phishing',
        reported_score: row.overall_risk,
        scan_uid: row.scan_uid,
        reviewed_at: row.reviewed_at?.toISOString() ?? null,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}
