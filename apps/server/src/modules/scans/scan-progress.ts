import { CANCEL_NOT_OWNER, SCAN_ALREADY_ENDED, scanEnded, type ScanStage, type UnfinishedScan } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { refundScan } from './scan-charges.ts';
import { NOT_FOUND } from './scan-presenter.ts';
import { askedFor, canView } from './scan-policy.ts';
import { cancelUnfinishedScan, findScanByUid, listUnfinishedScans, type ScanRow } from './scans.repository.ts';

// A running scan's progress and its cancel (issue 37), for whoever asked for it.

/** The stage an unfinished scan is in (queued until a worker announced one); null once it ended. */
export function stageOf(scan: Pick<ScanRow, 'status' | 'stage'>): ScanStage | null {
  if (scanEnded(scan.status)) return null;
  return scan.status === 'queued' ? 'queued' : (scan.stage ?? 'queued');
}

/** The caller's own scans still queued or running, newest first. */
export async function unfinishedScansOf(db: Db, caller: AuthUser): Promise<UnfinishedScan[]> {
  const owner =
    caller.kind === 'free-scan-guest' ? (caller.freeScanUid ? { freeScanUid: caller.freeScanUid } : null) : { userId: caller.id };
  if (!owner) return [];
  const rows = await listUnfinishedScans(db, owner);
  return rows.map((row) => ({
    uid: row.uid,
    url: row.url,
    status: row.status,
    stage: stageOf(row) ?? 'queued',
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * Cancels an unfinished scan for whoever asked for it: the row ends as cancelled at once and its
 * charge is given back; the worker stops at its next stage and stores nothing. Others who may see
 * the scan are refused; those who may not are told it does not exist.
 */
export async function cancelScan(
  ctx: { db: Db; allowance: Pick<PlanAllowance, 'returnScan'> },
  uid: string,
  caller: AuthUser,
): Promise<ScanRow> {
  const scan = await findScanByUid(ctx.db, uid);
  const mine = scan !== undefined && askedFor(scan, caller);
  if (!scan || !(mine || canView(scan, caller))) throw new NotFoundError(NOT_FOUND);
  if (!mine) throw new ForbiddenError(CANCEL_NOT_OWNER);
  const cancelled = scanEnded(scan.status) ? undefined : await cancelUnfinishedScan(ctx.db, scan.id);
  if (!cancelled) throw new ConflictError(SCAN_ALREADY_ENDED);
  await refundScan(ctx.db, ctx.allowance, cancelled);
  return cancelled;
}
