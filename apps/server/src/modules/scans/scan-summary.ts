import type { ScanSummary } from '@riskscan/contracts';
import type { ScanSummaryRow } from './scans.repository.ts';
import { redactUrlSecrets } from './url-secrets.ts';

/** A row of the board and of the history (SPEC §3 Scan history item); unfinished scans show risk 0. */
export function presentSummary(row: ScanSummaryRow): ScanSummary {
  return {
    uid: row.uid,
    url: redactUrlSecrets(row.url),
    date: (row.finished_at ?? row.created_at).toISOString(),
    overall_risk_score: row.overall_risk ?? 0,
    ...(row.visibility ? { visibility: row.visibility } : {}),
  };
}
