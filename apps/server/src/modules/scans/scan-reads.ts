import type { CheckResult, ScanSummary } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError, NotFoundError } from '../../domain-errors.ts';
import { type AuthUser, PERMISSION_DENIED } from '../auth/index.ts';
import type { Entitlements } from '../billing/index.ts';
import { redactSecrets, scanSecrets } from './result-redaction.ts';
import { NOT_FOUND, presentResult } from './scan-presenter.ts';
import { canView, isOwner } from './scan-policy.ts';
import { presentSummary } from './scan-summary.ts';
import { findScanPage, findSharedScan, findScanByUid, listBoard, pageOfUserScans, type ScanRow } from './scans.repository.ts';

export const EXPORT_NOT_IN_PLAN = 'Your plan does not include exporting scan results.';
/** SPEC §9: the history shows 10 scans a page. */
export const HISTORY_PAGE_SIZE = 10;
export const INVALID_PAGE = 'Invalid page.';
/** DESIGN §5: the board shows the 10 newest public scans. */
export const BOARD_SIZE = 10;
/** Every visitor's page polls the board (every 20 s, SPEC §9): one query serves them all for this long. */
const BOARD_CACHE_MS = 2000;

/** A scan the caller may see: their own, or one the public board shows. */
export async function viewableScan(db: Db, uid: string, caller: AuthUser | null): Promise<ScanRow> {
  const scan = await findScanByUid(db, uid);
  if (!scan || !canView(scan, caller)) throw new NotFoundError(NOT_FOUND);
  return scan;
}

/** A finished report the caller may see, when their plan includes exports. */
export async function exportableReport(
  ctx: { db: Db; entitlements: Pick<Entitlements, 'allows'> },
  uid: string,
  caller: AuthUser,
  origin: string,
): Promise<{ scan: ScanRow; result: CheckResult }> {
  const scan = await findScanByUid(ctx.db, uid);
  const result = scan && canView(scan, caller) ? presentResult(scan, origin) : null;
  if (!scan || !result) throw new NotFoundError(NOT_FOUND);
  const [results, data] = await Promise.all([
    ctx.entitlements.allows(caller.id, 'export_results'),
    ctx.entitlements.allows(caller.id, 'data_export'),
  ]);
  if (!results && !data) throw new ForbiddenError(EXPORT_NOT_IN_PLAN);
  return { scan, result };
}

export const NO_PAGE_KEPT = 'This scan kept no page HTML (no page answered, or it was scanned before pages were kept).';

/**
 * The page's HTML of a scan whose report the caller may export (`exportableReport` checked), for
 * the DOM download, with the secrets of the scanned addresses redacted as in the report.
 */
export async function exportablePage(db: Db, scan: ScanRow): Promise<{ html: string; truncated: boolean }> {
  const page = await findScanPage(db, scan.id);
  if (!page) throw new NotFoundError(NO_PAGE_KEPT);
  return scan.result ? { ...page, html: redactSecrets(page.html, scanSecrets(scan.result)) } : page;
}

export type HistoryPage = { count: number; results: ScanSummary[]; next: number | null; previous: number | null };

/**
 * One page of the caller's scans, newest first. `user`, when given, must be the caller's own uid;
 * a page past the end is not found (the first page always exists).
 */
export async function historyPage(
  db: Db,
  caller: AuthUser,
  query: { page: number; user?: string | undefined; page_size?: number | undefined },
): Promise<HistoryPage> {
  const { page, user } = query;
  const size = query.page_size ?? HISTORY_PAGE_SIZE;
  if (user !== undefined && user !== caller.uid) throw new ForbiddenError(PERMISSION_DENIED);
  const { count, rows } = await pageOfUserScans(db, caller.id, { offset: (page - 1) * size, limit: size });
  const pages = Math.max(1, Math.ceil(count / size));
  if (page > pages) throw new NotFoundError(INVALID_PAGE);
  return {
    count,
    results: rows.map(presentSummary),
    next: page < pages ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
  };
}

/** One of the caller's own scans. */
export async function ownScan(db: Db, uid: string, caller: AuthUser | null): Promise<ScanRow> {
  const scan = await findScanByUid(db, uid);
  if (!scan || !isOwner(scan, caller)) throw new NotFoundError(NOT_FOUND);
  return scan;
}

/**
 * The public recent-scans board. Only scans that are public and whose URL carries no secrets are
 * ever listed or opened here.
 */
export function createRecentScansBoard(db: Db) {
  let cached: { at: number; board: Promise<ScanSummary[]> } | null = null;
  return {
    list(): Promise<ScanSummary[]> {
      if (!cached || Date.now() - cached.at > BOARD_CACHE_MS) {
        const fresh = listBoard(db, BOARD_SIZE).then((rows) => rows.map(presentSummary));
        cached = { at: Date.now(), board: fresh };
        fresh.catch(() => (cached = null));
      }
      return cached.board;
    },
    /** One board scan's report, its own links on the caller's `origin`. */
    async report(uid: string, origin: string): Promise<CheckResult> {
      const scan = await findSharedScan(db, uid);
      const data = scan && presentResult(scan, origin);
      if (!data) throw new NotFoundError(NOT_FOUND);
      return data;
    },
  };
}
