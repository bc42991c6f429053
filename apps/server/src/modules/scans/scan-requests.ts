import type { ScanCallbacks } from './scan-callbacks.ts';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckResult, CheckUrlQuery } from '@riskscan/contracts';
import { normalizeScanUrl } from '@riskscan/scanner';
import { resultOnOrigin } from './own-links.ts';
import type { ScanServiceConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ScanQueue } from '../../jobs/scan-queue.ts';
import { ForbiddenError, InvalidError, QuotaExhaustedError } from '../../domain-errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { useFreeScan } from './free-scans.repository.ts';
import { profileForScan } from '../scan-profiles/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { findRecentPublicScan, insertScan, findScanByUid, type ScanRow } from './scans.repository.ts';
import { redactUrlSecrets, urlCarriesSecrets } from './url-secrets.ts';

export const REGISTERED_USERS_ONLY = 'Only available for registered users';
/** SPEC §8, the text the web app shows when a scan fails. */
export const SCAN_FAILED =
  "Oops! We couldn't scan the site this time. Please give it another try in a few minutes. If the problem continues, don't hesitate to contact us for assistance";
export const FREE_SCAN_USED = 'Your free scan has been used. Please sign up to keep scanning.';
export const INVALID_PROXY = 'Select a valid country.';
export const INVALID_USER_AGENT = 'Select a valid user agent.';
export const NOT_FOUND = 'Not found.';

/** SPEC §9: a public scan of the same URL within 24 hours is reused unless `new=true`. */
export const RECENTLY_SCANNED_MS = 24 * 60 * 60 * 1000;
const POLL_MS = 150;

export type ScanRequestContext = {
  db: Db;
  queue: ScanQueue;
  allowance: PlanAllowance;
  config: ScanServiceConfig;
  /** Tells `callback_url`s about scans that end (or were answered from a recent one). */
  callbacks: ScanCallbacks;
  /** The configured countries and user agents a request may choose. */
  capture: Pick<ScanCapture, 'environmentFor' | 'userAgent'>;
};
export type ScanInput = Omit<CheckUrlQuery, 'freescan_uid'> & { freescan_uid?: string | undefined; callback_url?: string | undefined };

export function quotaUsedUp(limit: number, resetsAt: Date): string {
  return `You have used all ${limit} scans of your plan for this period. Your quota renews on ${resetsAt.toISOString().slice(0, 10)}.`;
}

function assertOptionsAllowed(caller: AuthUser, input: ScanInput, capture: ScanRequestContext['capture']): void {
  if (caller.kind === 'free-scan-guest') {
    // SPEC §1/§6: guests' scans are public; private scans and the options are for registered users.
    if (input.private || (input.visibility && input.visibility !== 'public') || input.proxy || input.user_agent || input.scan_profile)
      throw new ForbiddenError(REGISTERED_USERS_ONLY);
    if (!input.freescan_uid || input.freescan_uid !== caller.freeScanUid) throw new ForbiddenError(FREE_SCAN_USED);
  }
  if (input.proxy && !capture.environmentFor(input.proxy)) throw InvalidError.field('proxy', INVALID_PROXY);
  if (input.user_agent && !capture.userAgent(input.user_agent)) throw InvalidError.field('user_agent', INVALID_USER_AGENT);
}

async function spendQuota(ctx: ScanRequestContext, caller: AuthUser, input: ScanInput): Promise<void> {
  if (caller.kind === 'free-scan-guest') {
    if (!(await useFreeScan(ctx.db, input.freescan_uid!))) throw new ForbiddenError(FREE_SCAN_USED);
    return;
  }
  const use = await ctx.allowance.consumeScan(caller.id);
  if (!use.allowed) throw new QuotaExhaustedError(quotaUsedUp(use.limit, use.resetsAt));
}

/**
 * Validates and authorises a scan request, then either reuses a recent public scan of the same
 * URL or records a new scan (spending quota) and queues it.
 */
export async function requestScan(
  ctx: ScanRequestContext,
  caller: AuthUser,
  input: ScanInput,
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

  await spendQuota(ctx, caller, input);
  const scan = await insertScan(ctx.db, {
    uid: randomUUID(),
    userId: caller.id,
    url,
    visibility,
    onBoard: visibility === 'public' && !urlCarriesSecrets(url),
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
      scheme_fallback: normalized.schemeAdded || (input.scheme_added && normalized.url.protocol === 'https:'),
    },
  });
  await ctx.queue.enqueue({ scanUid: scan.uid });
  return { scan, reused: false };
}

/**
 * A private full scan another module runs on a user's behalf (domain monitoring's look-alike
 * checks): outside the user's scan quota, which the monitor's plan quota covers, and protecting
 * `protectedDomains` as brands.
 */
export async function requestServiceScan(
  ctx: Pick<ScanRequestContext, 'db' | 'queue'>,
  input: { userId: number; url: string; protectedDomains: string[] },
): Promise<ScanRow> {
  const scan = await insertScan(ctx.db, {
    uid: randomUUID(),
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
  await ctx.queue.enqueue({ scanUid: scan.uid });
  return scan;
}

/** Waits until the scan is done or failed; the row as it stands when `timeoutMs` runs out. */
export async function waitForScan(db: Db, uid: string, timeoutMs: number): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const scan = await findScanByUid(db, uid);
    if (!scan) throw new Error(`scan ${uid} vanished`);
    if (scan.status === 'done' || scan.status === 'failed' || Date.now() >= deadline) return scan;
    await sleep(POLL_MS);
  }
}

/** The longest a scan can take through all its attempts and back-offs, plus queueing slack. */
export function longestScanMs(config: ScanServiceConfig): number {
  const backoffs = config.retryDelayMs * (2 ** (config.attempts - 1) - 1);
  return config.timeLimitMs * config.attempts + backoffs + config.jobLockMs + 5_000;
}

/** Scans belong to people: the shared free-scan guest owns nothing another guest could open. */
export function isOwner(scan: ScanRow, caller: AuthUser | null): boolean {
  return caller?.kind === 'user' && scan.user_id === caller.id;
}

/** Owners see their scans; others what the public board shows, and unlisted scans by their permalink. */
export function canView(scan: ScanRow, caller: AuthUser | null): boolean {
  return scan.on_board || scan.visibility === 'unlisted' || isOwner(scan, caller);
}

/**
 * The stored report with the row's uid and whether it is a reused recent scan; secrets in its
 * addresses redacted, and its own links (screenshot, flags) on the caller's `origin`.
 */
export function presentResult(scan: ScanRow, origin: string, recentlyScanned = false): CheckResult | null {
  if (!scan.result) return null;
  const { url, final_url: finalUrl, redirect_chain: chain } = scan.result;
  return resultOnOrigin(
    {
      ...scan.result,
      url: redactUrlSecrets(url),
      ...(finalUrl === undefined ? {} : { final_url: redactUrlSecrets(finalUrl) }),
      ...(chain === undefined ? {} : { redirect_chain: chain.map((step) => redactUrlSecrets(step)) }),
      uid: scan.uid,
      recently_scanned: recentlyScanned,
    },
    origin,
  );
}
