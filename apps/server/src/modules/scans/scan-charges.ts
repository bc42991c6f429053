import type { Db } from '../../db/database.ts';
import { returnFreeScan } from './free-scans.repository.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { type ScanRow, type StoredScanOptions, takeBackCharge } from './scans.repository.ts';

/** Quotas count a scan once per viewer: itself and each other viewer it opens the page as (issue 38). */
export const viewerCount = (options: Pick<StoredScanOptions, 'viewers'>) => 1 + (options.viewers?.length ?? 0);

/**
 * A scan is charged when it is queued (so concurrent requests cannot overspend) and given back
 * when its page could not be reached or it failed: a typo must not cost a guest's only free scan
 * or a member's quota. The `charged` column makes the refund happen once, whoever asks.
 */
export async function refundScan(db: Db, allowance: Pick<PlanAllowance, 'returnScan'>, scan: ScanRow): Promise<void> {
  if (scan.charged !== 'plan' && scan.charged !== 'free-scan') return;
  if (!(await takeBackCharge(db, scan.id, scan.charged))) return;
  if (scan.charged === 'free-scan' && scan.options.free_scan_uid) await returnFreeScan(db, scan.options.free_scan_uid);
  if (scan.charged === 'plan' && scan.user_id !== null)
    await allowance.returnScan(scan.user_id, scan.created_at, viewerCount(scan.options));
}
