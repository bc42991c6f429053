import { randomUUID } from 'node:crypto';
import { normalizeScanUrl } from '@riskscan/scanner';
import type { ScanServiceConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { InvalidError, QuotaExhaustedError } from '../../domain-errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Entitlements } from '../billing/index.ts';
import { spendGuestFreeScan } from './free-scans.ts';
import { profileForScan } from '../scan-profiles/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import type { ScanCallbacks } from './scan-callbacks.ts';
import { SCAN_PRIORITY, type ScanPriority, type ScanQueue } from './scan-queue.ts';
import { assertOptionsAllowed, mayBeListed, type ScanInput } from './scan-policy.ts';
import { findRecentPublicScan, insertScan, type ScanCharge, type ScanRow } from './scans.repository.ts';
import { viewerCount } from './scan-charges.ts';

/** SPEC §9: a public scan of the same URL within 24 hours is reused unless `new=true`. */
export const RECENTLY_SCANNED_MS = 24 * 60 * 60 * 1000;
export type ScanRequestContext = {
  db: Db;
  queue: ScanQueue;
  allowance: PlanAllowance;
  /** What the caller's plan allows (exports) and its name (queue priority), from billing. */
  entitlements: Pick<Entitlements, 'allows' | 'planName'>;
  config: ScanServiceConfig;
  /** Tells `callback_url`s about scans that end (or were answered from a recent one). */
  callbacks: ScanCallbacks;
  /** The configured countries and user agents a request may choose. */
  capture: Pick<ScanCapture, 'environmentFor' | 'userAgent' | 'scanOptions'>;
};

export function quotaUsedUp(limit: number, resetsAt: Date): string {
  return `You have used all ${limit} scans of your plan for this period. Your quota renews on ${resetsAt.toISOString().slice(0, 10)}.`;
}

/** A scan with other viewers counts as one scan per viewer: say so when that, not the plan, is over. */
export function viewersOverQuota(scans: number, left: number, resetsAt: Date): string {
  return `This scan opens the page as ${scans} viewers and counts as ${scans} scans, but your plan has ${left} left for this period. Ask for fewer viewers, or wait until your quota renews on ${resetsAt.toISOString().slice(0, 10)}.`;
}

/** Charges the scan to the guest's free scan or the member's plan; refunded if its page cannot be reached (`scan-charges.ts`). */
async function spendQuota(ctx: ScanRequestContext, caller: AuthUser, input: ScanInput, clientIp: string): Promise<ScanCharge> {
  if (caller.kind === 'free-scan-guest') {
    await spendGuestFreeScan(ctx.db, input.freescan_uid!, clientIp, ctx.config.freeScansPerIpPerDay);
    return 'free-scan';
  }
  const scans = viewerCount(input);
  const use = await ctx.allowance.consumeScan(caller.id, scans);
  if (!use.allowed && scans > 1 && use.used < use.limit)
    throw new QuotaExhaustedError(viewersOverQuota(scans, use.limit - use.used, use.resetsAt));
  if (!use.allowed) throw new QuotaExhaustedError(quotaUsedUp(use.limit, use.resetsAt));
  return 'plan';
}

/** Where the caller's scan waits in the queue: paying plans first, guests last (`SCAN_PRIORITY`). */
async function scanPriority(ctx: ScanRequestContext, caller: AuthUser): Promise<ScanPriority> {
  if (caller.kind === 'free-scan-guest') return SCAN_PRIORITY.guest;
  return (await ctx.entitlements.planName(caller.id)) === 'Free' ? SCAN_PRIORITY.member : SCAN_PRIORITY.paying;
}

/**
 * Validates and authorises a scan request, then either reuses a recent public scan of the same
 * URL or records a new scan (spending quota) and queues it. `clientIp` counts a guest's free
 * scan against its network's daily cap.
 */
export async function requestScan(
  ctx: ScanRequestContext,
  caller: AuthUser,
  input: ScanInput,
  clientIp = '',
): Promise<{ scan: ScanRow; reused: boolean }> {
  const normalized = normalizeScanUrl(input.url);
  if (!normalized.ok) throw InvalidError.field('url', normalized.message);
  const url = normalized.url.href;
  assertOptionsAllowed(caller, input, ctx.capture);
  const isGuest = caller.kind === 'free-scan-guest';
  const profile = isGuest ? null : await profileForScan(ctx.db, caller.id, input.scan_profile);
  const visibility = input.visibility ?? (input.private ? 'private' : 'public');

  if (!input.new && visibility === 'public') {
    const recent = await findRecentPublicScan(ctx.db, url, new Date(Date.now() - RECENTLY_SCANNED_MS));
    if (recent) return { scan: recent, reused: true };
  }

  const charged = await spendQuota(ctx, caller, input, clientIp);
  const scan = await insertScan(ctx.db, {
    charged,
    uid: randomUUID(),
    userId: caller.id,
    url,
    visibility,
    onBoard: visibility === 'public' && mayBeListed(url),
    options: {
      private: visibility === 'private',
      visibility,
      fastCheck: input.fastCheck,
      dns_checks: input.dns_checks,
      ip_checks: input.ip_checks,
      page_checks: input.page_checks,
      webtech_check: input.webtech_check,
      proxy: input.proxy?.toUpperCase() ?? null,
      user_agent: input.user_agent ?? null,
      scan_profile: profile?.uid ?? null,
      profile,
      ai_summary: !isGuest && !input.fastCheck,
      callback_url: input.callback_url ?? null,
      ...(input.viewers?.length
        ? { viewers: input.viewers.map((viewer) => ({ device: viewer.device, country: viewer.country?.toUpperCase() ?? null })) }
        : {}),
      scheme_fallback: normalized.schemeAdded || (input.scheme_added && normalized.url.protocol === 'https:'),
      ...(isGuest ? { free_scan_uid: input.freescan_uid! } : {}),
    },
  });
  await ctx.queue.enqueue(scan.uid, await scanPriority(ctx, caller));
  return { scan, reused: false };
}

/**
 * A private full scan another module runs on a user's behalf (domain monitoring's look-alike
 * checks): outside the user's scan quota, which the monitor's plan quota covers, and protecting
 * `protectedDomains` as brands. `uid` lets the caller record what it waits for before the scan can end.
 */
export async function requestServiceScan(
  ctx: Pick<ScanRequestContext, 'db' | 'queue'>,
  input: { uid?: string; userId: number; url: string; protectedDomains: string[] },
): Promise<ScanRow> {
  const scan = await insertScan(ctx.db, {
    uid: input.uid ?? randomUUID(),
    userId: input.userId,
    url: input.url,
    visibility: 'private',
    onBoard: false,
    options: {
      private: true,
      fastCheck: false,
      dns_checks: false,
      ip_checks: false,
      page_checks: false,
      webtech_check: false,
      proxy: null,
      user_agent: null,
      scan_profile: null,
      profile: null,
      ai_summary: false,
      protected_domains: input.protectedDomains,
    },
  });
  await ctx.queue.enqueue(scan.uid);
  return scan;
}
