import type { Db } from '../../db/database.ts';
import { TooManyRequestsError } from '../../domain-errors.ts';
import { claimFreeScan, countFreeScansFromIp, findFreeScan } from './free-scans.repository.ts';

export const FREE_SCAN_IP_CAP_REACHED = 'Free scans from your network are used up for today. Please sign up to keep scanning.';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The free-scan ledger (SPEC §6, DESIGN §7): one free scan per anonymous id, and at most
 * `perIpPerDay` new ids per client IP a day. `used`: the id's scan is spent.
 */
export async function claimFreeScanId(db: Db, uid: string, clientIp: string, perIpPerDay: number): Promise<{ used: boolean }> {
  const existing = await findFreeScan(db, uid);
  if (existing?.used_at) return { used: true };
  if (!existing) {
    const claimedToday = await countFreeScansFromIp(db, clientIp, new Date(Date.now() - DAY_MS));
    if (claimedToday >= perIpPerDay) throw new TooManyRequestsError(FREE_SCAN_IP_CAP_REACHED);
    await claimFreeScan(db, uid, clientIp);
  }
  return { used: false };
}
