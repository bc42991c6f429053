import type { Db } from '../../db/database.ts';
import { ForbiddenError, TooManyRequestsError } from '../../domain-errors.ts';
import { FREE_SCAN_USED } from './scan-policy.ts';
import { findFreeScan, freeScansSpentFromIp, lockIpLedger, spendFreeScan } from './free-scans.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The network's cap, with the real limit and when the next free scan comes back, said with its
 * day ("tomorrow at 21:54 UTC"): a bare time earlier than the reader's clock reads as the past.
 */
export function freeScanCapReached(perIpPerDay: number, resetsAt: Date, now: Date): string {
  const time = resetsAt.toISOString().slice(11, 16);
  const sameUtcDay = resetsAt.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  const scans = perIpPerDay === 1 ? '1 free scan' : `${perIpPerDay} free scans`;
  return `Your network has used its ${scans} for today. The next one is available ${sameUtcDay ? 'today' : 'tomorrow'} at ${time} UTC; sign up for free to keep scanning now.`;
}

/**
 * The free-scan ledger (SPEC §6, DESIGN §7): one free scan per anonymous id, and at most
 * `perIpPerDay` scans spent per client IP a day. Asking whether an id is unused spends nothing;
 * only a scan does.
 */
export async function freeScanUsed(db: Db, uid: string, perIpPerDay: number): Promise<boolean> {
  if (perIpPerDay === 0) return true;
  const existing = await findFreeScan(db, uid);
  return Boolean(existing?.used_at);
}

/** Spends the id's free scan for a scan about to be queued; refused when spent or the network's cap is reached. */
export async function spendGuestFreeScan(db: Db, uid: string, clientIp: string, perIpPerDay: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockIpLedger(trx, clientIp);
    if ((await findFreeScan(trx, uid))?.used_at) throw new ForbiddenError(FREE_SCAN_USED);
    const spent = await freeScansSpentFromIp(trx, clientIp, new Date(now.getTime() - DAY_MS));
    if (spent.length >= perIpPerDay) {
      const resetsAt = new Date((spent[spent.length - perIpPerDay]?.getTime() ?? now.getTime()) + DAY_MS);
      const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
      throw new TooManyRequestsError(freeScanCapReached(perIpPerDay, resetsAt, now), retryAfter);
    }
    if (!(await spendFreeScan(trx, uid, clientIp))) throw new ForbiddenError(FREE_SCAN_USED);
  });
}
