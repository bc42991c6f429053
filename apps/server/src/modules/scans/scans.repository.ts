import {
  type CheckResult,
  riskBandStart,
  type ScanProfile,
  type ScanRequestOptions,
  type ScanRunStage,
  type ScanStatus,
  type ScanVisibility,
} from '@riskscan/contracts';
import { type ColumnType, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The request options plus what the worker needs and the request decided once. */
export type StoredScanOptions = ScanRequestOptions & {
  /** The profile as it was when the scan was asked for; null: the default profile. */
  profile: ScanProfile | null;
  /** Whether to write an AI summary (signed-in users, no fast check). */
  ai_summary: boolean;
  /** Where the signed report is POSTed when the scan ends (API users). */
  callback_url?: string | null;
  /** The URL was typed without a scheme: try http when https fails (absent on older scans: no). */
  scheme_fallback?: boolean;
  /** Domains whose brand the scan protects (domain monitoring's watched domain). */
  protected_domains?: string[];
  /** The anonymous id whose free scan paid for this scan. */
  free_scan_uid?: string;
};

export type ScanCharge = 'plan' | 'free-scan' | 'refunded';

export type ScansTable = {
  id: Generated<number>;
  uid: string;
  user_id: number | null;
  url: string;
  options: ColumnType<StoredScanOptions, string, string>;
  is_private: boolean;
  on_board: boolean;
  /** `is_private` is true for both unlisted and private scans: neither is reused, listed or shared as a neighbour. */
  visibility: Generated<ScanVisibility>;
  status: ScanStatus;
  /** The stage a running scan is in (issue 37); null before it starts and once it ended. */
  stage: ColumnType<ScanRunStage | null, ScanRunStage | null | undefined, ScanRunStage | null>;
  attempts: Generated<number>;
  error: string | null;
  result: ColumnType<CheckResult | null, string | null, string | null>;
  overall_risk: number | null;
  ai_tokens: Generated<number>;
  /** The final host's address and its autonomous system (known when IP checks ran), for later scans' neighbours and AS record. */
  ip: string | null;
  asn: number | null;
  /** What the scan was charged to; 'refunded' once given back; null: nothing (reused, service scans). */
  charged: ScanCharge | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
};

/** The page's HTML of a scan, for the DOM download. */
export type ScanPagesTable = { scan_id: number; html: string; truncated: boolean };

declare module '../../db/schema.ts' {
  interface Database {
    scans: ScansTable;
    scan_pages: ScanPagesTable;
  }
}

export type ScanRow = Selectable<ScansTable>;
export type ScanSummaryRow = Pick<ScanRow, 'uid' | 'url' | 'created_at' | 'finished_at' | 'overall_risk'> &
  Partial<Pick<ScanRow, 'visibility'>>;

export async function insertScan(
  db: Executor,
  scan: {
    uid: string;
    userId: number | null;
    url: string;
    options: StoredScanOptions;
    visibility: ScanVisibility;
    onBoard: boolean;
    charged?: ScanCharge | null;
  },
): Promise<ScanRow> {
  return db
    .insertInto('scans')
    .values({
      uid: scan.uid,
      user_id: scan.userId,
      url: scan.url,
      options: JSON.stringify(scan.options),
      is_private: scan.visibility !== 'public',
      visibility: scan.visibility,
      on_board: scan.onBoard,
      status: 'queued',
      error: null,
      result: null,
      overall_risk: null,
      finished_at: null,
      charged: scan.charged ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findScanByUid(db: Executor, uid: string): Promise<ScanRow | undefined> {
  return db.selectFrom('scans').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** Takes an unfinished scan for an attempt; undefined when it is done, failed or unknown (a replayed job). */
export function startScanAttempt(db: Executor, uid: string): Promise<ScanRow | undefined> {
  return db
    .updateTable('scans')
    .set({ status: 'running', stage: null, attempts: sql`attempts + 1` })
    .where('uid', '=', uid)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** `AS13335 Cloudflare` → 13335: the IP checks report the AS only as text. */
function asnOf(result: CheckResult): number | null {
  const match = /^AS(\d+)\b/.exec(result.ip_checks?.as_lookup.result ?? '');
  return match ? Number(match[1]) : null;
}

/** Stores the report of an unfinished scan; false when the scan has ended meanwhile (its owner cancelled it). */
export async function saveScanResult(db: Executor, id: number, result: CheckResult, aiTokens: number): Promise<boolean> {
  const saved = await db
    .updateTable('scans')
    .set({
      status: 'done',
      stage: null,
      result: JSON.stringify(result),
      overall_risk: result.overall_risk,
      ip: result.ip ?? null,
      asn: asnOf(result),
      ai_tokens: aiTokens,
      error: null,
      finished_at: sql`now()`,
    })
    .where('id', '=', id)
    // A scan its owner cancelled (or one already ended) keeps how it ended.
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return saved.numUpdatedRows > 0n;
}

/** Records the stage a running scan entered; false when it is no longer running (its owner cancelled it). */
export async function enterScanStage(db: Executor, id: number, stage: ScanRunStage): Promise<boolean> {
  const entered = await db.updateTable('scans').set({ stage }).where('id', '=', id).where('status', '=', 'running').executeTakeFirst();
  return entered.numUpdatedRows > 0n;
}

/** Ends an unfinished scan as cancelled; the row as it is then, or undefined when it had already ended. */
export function cancelUnfinishedScan(db: Executor, id: number): Promise<ScanRow | undefined> {
  return db
    .updateTable('scans')
    .set({ status: 'cancelled', stage: null, error: null, finished_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** The unfinished scans of a member, or of the anonymous id whose free scan paid for them, newest first. */
export function listUnfinishedScans(db: Executor, owner: { userId: number } | { freeScanUid: string }): Promise<ScanRow[]> {
  let query = db.selectFrom('scans').selectAll().where('status', 'in', ['queued', 'running']);
  query =
    'userId' in owner
      ? query.where('user_id', '=', owner.userId)
      : query.where(sql<string>`options->>'free_scan_uid'`, '=', owner.freeScanUid);
  return query.orderBy('id', 'desc').limit(20).execute();
}

export async function saveScanPage(db: Executor, scanId: number, page: { html: string; truncated: boolean }): Promise<void> {
  await db
    .insertInto('scan_pages')
    .values({ scan_id: scanId, ...page })
    .onConflict((conflict) => conflict.column('scan_id').doUpdateSet(page))
    .execute();
}

export function findScanPage(db: Executor, scanId: number): Promise<{ html: string; truncated: boolean } | undefined> {
  return db.selectFrom('scan_pages').select(['html', 'truncated']).where('scan_id', '=', scanId).executeTakeFirst();
}

/** Marks the scan's `charged` unit given back, once: true only for the first caller. */
export async function takeBackCharge(db: Executor, id: number, charged: 'plan' | 'free-scan'): Promise<boolean> {
  const result = await db
    .updateTable('scans')
    .set({ charged: 'refunded' })
    .where('id', '=', id)
    .where('charged', '=', charged)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markScanFailed(db: Executor, id: number, error: string): Promise<void> {
  await db
    .updateTable('scans')
    .set({ status: 'failed', stage: null, error, finished_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Scans an in-process queue must take up again after a restart. */
export async function unfinishedScanUids(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('scans').select('uid').where('status', 'in', ['queued', 'running']).orderBy('id').execute();
  return rows.map((row) => row.uid);
}

/** The newest finished public scan of `url` since `since`, for `recently_scanned` (SPEC §4). */
export function findRecentPublicScan(db: Executor, url: string, since: Date): Promise<ScanRow | undefined> {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('url', '=', url)
    .where('status', '=', 'done')
    .where('is_private', '=', false)
    .where('finished_at', '>=', since)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const summaryColumns = ['uid', 'url', 'created_at', 'finished_at', 'overall_risk'] as const;

export function listBoard(db: Executor, limit: number): Promise<ScanSummaryRow[]> {
  return db
    .selectFrom('scans')
    .select(summaryColumns)
    .where('on_board', '=', true)
    .where('status', '=', 'done')
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
}

/** A finished scan anyone may open by its permalink: one the board lists, or an unlisted one. */
export function findSharedScan(db: Executor, uid: string): Promise<ScanRow | undefined> {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('on_board', '=', true), eb('visibility', '=', 'unlisted')]))
    .where('status', '=', 'done')
    .executeTakeFirst();
}

export async function pageOfUserScans(
  db: Executor,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ScanSummaryRow[] }> {
  const [total, rows] = await Promise.all([
    db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('scans')
      .select([...summaryColumns, 'visibility'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(total.n), rows };
}

/** Scans and AI tokens a user spent since `since` (the built-in Free-plan allowance counts these). */
export async function usageSince(db: Executor, userId: number, since: Date): Promise<{ scans: number; tokens: number }> {
  const row = await db
    .selectFrom('scans')
    .select((eb) => [
      // A scan counts once for itself and once more for each other viewer it opened the page as.
      eb.fn.coalesce(eb.fn.sum<string>(sql`1 + coalesce(jsonb_array_length(options->'viewers'), 0)`), sql<string>`0`).as('scans'),
      eb.fn.coalesce(eb.fn.sum<string>('ai_tokens'), sql<string>`0`).as('tokens'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('charged', 'is', null), eb('charged', '!=', 'refunded')]))
    .executeTakeFirstOrThrow();
  return { scans: Number(row.scans), tokens: Number(row.tokens) };
}

const NEIGHBOUR_SCAN_LIMIT = 500;

/** URLs of finished public scans whose site was on `ip`; private scans never tell anyone what shares a host. */
export async function publicUrlsOnIp(db: Executor, ip: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scans')
    .select('url')
    .distinct()
    .where('ip', '=', ip)
    .where('is_private', '=', false)
    .where('status', '=', 'done')
    .limit(NEIGHBOUR_SCAN_LIMIT)
    .execute();
  return rows.map((row) => row.url);
}

/** Finished public scans on an autonomous system, and how many of them ended Risky or Danger. */
export async function publicScanTallyOnAsn(db: Executor, asn: number): Promise<{ scans: number; malicious: number }> {
  const row = await db
    .selectFrom('scans')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('scans'),
      eb.fn.count<string | number>(eb.case().when('overall_risk', '>=', riskBandStart('Risky')).then(1).end()).as('malicious'),
    ])
    .where('asn', '=', asn)
    .where('is_private', '=', false)
    .where('status', '=', 'done')
    .executeTakeFirstOrThrow();
  return { scans: Number(row.scans), malicious: Number(row.malicious) };
}

/** Finished scans with a report after `afterId`, oldest first, a batch at a time (indexing earlier reports for search). */
export function finishedScansAfter(db: Executor, afterId: number, limit: number): Promise<ScanRow[]> {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('id', '>', afterId)
    .where('status', '=', 'done')
    .where('result', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}
