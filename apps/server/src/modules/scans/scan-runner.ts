import type { CheckResult, Verdict, VerdictError } from '@riskscan/contracts';
import { confirmedThreat, deviceUserAgent, scan, type ScannerOptions, type ViewerSetting } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { type Db, inSavepoint } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type JobAttempt, type JobFailedForGood, type JobHandler, JobTimeoutError } from '../../jobs/index.ts';
import type { AiSummarizer } from '../ai-summary/index.ts';
import type { ThreatIntel } from '../lookup/index.ts';
import { scanFailures, scanStageSeconds, scanVerdicts } from '../metrics/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { SavedSearchAlerts } from '../saved-searches/index.ts';
import { type IndexedDocument, indexFinishedScan } from '../search/index.ts';
import { redactUrlSecrets } from './url-secrets.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import type { ScanCallbacks } from './scan-callbacks.ts';
import { refundScan } from './scan-charges.ts';
import type { ScanAdmission } from './scan-admission.ts';
import { SCAN_PRIORITY, type ScanJobPayload } from './scan-queue.ts';
import {
  enterScanStage,
  findScanByUid,
  markScanFailed,
  saveScanPage,
  saveScanResult,
  type ScanRow,
  startScanAttempt,
} from './scans.repository.ts';

/** What running a scan needs; the API process (in-process queue) and `worker.ts` build the same. */
export type ScanRunnerContext = {
  db: Db;
  /** Network and browser settings every scan shares. */
  scanner: ScannerOptions;
  /** The browser stage, scan location and user agents (`app.scanCapture`; `worker.ts` builds its own). */
  capture: Pick<ScanCapture, 'environmentFor' | 'userAgent'>;
  threatIntel: ThreatIntel;
  timeLimitMs: number;
  summarizer: AiSummarizer | null;
  allowance: PlanAllowance;
  log: FastifyBaseLogger;
  /** Posts the report to the scan's `callback_url` once it ends. */
  callbacks: ScanCallbacks;
  /** Alerts the saved searches the scan matches, once it is indexed. */
  savedSearches: SavedSearchAlerts;
  /** Told each scan that ended (done, or failed for good), after its row says so. */
  onScanFinished?: ((scanUid: string) => Promise<void>) | undefined;
  /** When a host was first seen in a certificate-transparency log we read (monitoring); null when never. */
  certificateFirstSeen?: ((host: string) => Promise<Date | null>) | undefined;
};

/** The scan's owner cancelled it: the attempt stops at the next stage and is not retried. */
export class ScanCancelledError extends Error {}

/** The work, or the attempt's deadline (the scan job's one clock) when that comes first: the runner stops there. */
async function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  deadline.throwIfAborted();
  let stop: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    stop = () => reject(deadline.reason);
    deadline.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    deadline.removeEventListener('abort', stop);
  }
}

/** The AI summary is extra: without a provider, quota or answer the scan still succeeds with `ai_analysis: null`. */
async function summarize(ctx: ScanRunnerContext, row: ScanRow, result: CheckResult): Promise<{ text: string | null; tokens: number }> {
  if (!ctx.summarizer || !row.options.ai_summary || row.user_id === null) return { text: null, tokens: 0 };
  const budget = await ctx.allowance.consumeTokens(row.user_id, 0);
  const remaining = budget.limit - budget.used;
  if (remaining <= 0) return { text: null, tokens: 0 };
  try {
    const completion = await ctx.summarizer(result, remaining);
    // The provider may overshoot max_tokens by the prompt; the plan is charged at most what was left.
    const tokens = Math.min(completion.totalTokens, remaining);
    const use = await ctx.allowance.consumeTokens(row.user_id, tokens);
    return use.allowed && completion.text ? { text: completion.text, tokens } : { text: null, tokens: 0 };
  } catch (error) {
    ctx.log.warn({ err: error, scanUid: row.uid }, 'AI summary failed');
    return { text: null, tokens: 0 };
  }
}

const DANGER_SCORE = 80;

/**
 * One store of verdicts (decision 330): a listed scan that confirmed Danger on evidence publishes
 * its URL (lookup, hunts, TAXII and MISP alike); a listed scan that reached the page and found it
 * below Danger retracts our earlier verdict on it. Private and unlisted scans never publish what
 * was scanned. A failure here never fails the scan.
 */
async function publishVerdict(ctx: ScanRunnerContext, row: ScanRow, result: CheckResult, verdict: Verdict | VerdictError) {
  const url = result.final_url ?? row.url;
  try {
    const confirmation = confirmedThreat(result, verdict);
    if (confirmation) await ctx.threatIntel.publish(url, confirmation);
    else if (result.overall_risk < DANGER_SCORE && result.reachable !== false)
      await ctx.threatIntel.retract([...new Set([row.url, url])], 'clean_rescan');
  } catch (error) {
    ctx.log.warn({ err: error, scanUid: row.uid }, 'publishing the verdict failed');
  }
}

/** The DOM download keeps at most this many characters of a page. */
export const KEPT_PAGE_MAX_CHARS = 2_000_000;

const keptPage = (html: string) => ({ html: html.slice(0, KEPT_PAGE_MAX_CHARS), truncated: html.length > KEPT_PAGE_MAX_CHARS });

type ScanRun = { result: CheckResult; aiTokens: number; pageHtml: string | null };

/** The certificate's first sighting in the logs monitoring reads, for the final host; enrichment only. */
async function withCtFirstSeen(ctx: ScanRunnerContext, result: CheckResult): Promise<CheckResult> {
  if (!result.certificate || !ctx.certificateFirstSeen || !result.final_url) return result;
  try {
    const seen = await ctx.certificateFirstSeen(new URL(result.final_url).hostname);
    return seen ? { ...result, certificate: { ...result.certificate, ct_first_seen: seen.toISOString() } } : result;
  } catch (error) {
    ctx.log.warn({ err: error }, 'certificate-log first sighting not read');
    return result;
  }
}

/** The other viewers a scan asked for, as the scanner opens the page: each device's agent, each country's proxy (else the scan's own). */
function viewerSettings(ctx: ScanRunnerContext, options: ScanRow['options']): ViewerSetting[] {
  return (options.viewers ?? []).map((viewer) => {
    const environment = ctx.capture.environmentFor(viewer.country ?? options.proxy);
    if (!environment) throw new Error(`scan location ${viewer.country} is no longer configured`);
    return {
      device: viewer.device,
      // A location without a flag is the unconfigured server default, which names no country.
      country: environment.geoLocation.country_flag ? environment.geoLocation.country_name : null,
      userAgent: deviceUserAgent(viewer.device).value,
      upstreamProxyUrl: environment.upstreamProxyUrl,
    };
  });
}

async function runScan(ctx: ScanRunnerContext, row: ScanRow): Promise<ScanRun> {
  let pageHtml: string | null = null;
  const options = row.options;
  // The request validated the country; a configuration changed since then fails the scan rather than leave from elsewhere.
  const environment = ctx.capture.environmentFor(options.proxy);
  if (!environment) throw new Error(`scan location ${options.proxy} is no longer configured`);
  const verdict = await ctx.threatIntel.verdict(row.url, row.user_id);
  const scanned = await scan(row.url, {
    ...ctx.scanner,
    urlVerdict: verdict,
    judgeUrl: (url) => ctx.threatIntel.verdict(url, row.user_id),
    render: environment.render,
    network: { ...ctx.scanner.network, upstreamProxyUrl: environment.upstreamProxyUrl },
    userAgent: (options.user_agent && ctx.capture.userAgent(options.user_agent)) || undefined,
    profile: options.profile,
    fastCheck: options.fastCheck,
    schemeFallback: options.scheme_fallback === true,
    extendedChecks: {
      webtech_check: options.webtech_check,
      dns_checks: options.dns_checks,
      ip_checks: options.ip_checks,
      page_checks: options.page_checks,
    },
    geoLocation: environment.geoLocation,
    viewers: viewerSettings(ctx, options),
    protectedDomains: options.protected_domains ?? [],
    keepPageHtml: (html) => {
      pageHtml = html;
    },
    // Each stage is recorded for the progress display, and is where a cancelled scan stops.
    onStage: async (stage) => {
      if (!(await enterScanStage(ctx.db, row.id, stage))) throw new ScanCancelledError(`scan ${row.uid} was cancelled`);
    },
  });
  const result = await withCtFirstSeen(ctx, scanned);

  // Only listed scans feed the shared indicators: an unlisted URL carries a secret.
  if (row.on_board) await publishVerdict(ctx, row, result, verdict);
  const summary = await summarize(ctx, row, result);
  return { result: { ...result, uid: row.uid, ai_analysis: summary.text }, aiTokens: summary.tokens, pageHtml };
}

/**
 * Work stored beside the report, in its transaction: a failure undoes that work alone (a
 * savepoint), is logged, and never fails the scan (null).
 */
async function besideReport<T>(ctx: ScanRunnerContext, trx: Transaction<Database>, row: ScanRow, what: string, work: () => Promise<T>) {
  try {
    return await inSavepoint(trx, 'beside_report', work);
  } catch (error) {
    ctx.log.warn({ err: error, scanUid: row.uid }, `${what} failed`);
    return null;
  }
}

/** The saved searches the indexed scan matches alert; a failure there never fails the scan. */
async function alertSavedSearches(ctx: ScanRunnerContext, scanUid: string, indexed: IndexedDocument): Promise<void> {
  try {
    await ctx.savedSearches.scanIndexed(indexed);
  } catch (error) {
    ctx.log.warn({ err: error, scanUid }, 'alerting saved searches failed');
  }
}

/**
 * Stores the report, the page and the search index in one transaction, so whoever reads the scan
 * done finds all three: search, pivots and history find it at once (a request right after "done"
 * found no index row on PostgreSQL's pool when the index came after). False when the scan is no
 * longer running (its owner cancelled it).
 */
async function storeFinishedScan(ctx: ScanRunnerContext, row: ScanRow, run: ScanRun): Promise<{ indexed: IndexedDocument | null } | false> {
  const { result, pageHtml } = run;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await saveScanResult(trx, row.id, result, run.aiTokens))) return false;
    if (pageHtml !== null)
      await besideReport(ctx, trx, row, 'keeping the scanned page', () => saveScanPage(trx, row.id, keptPage(pageHtml)));
    const indexed = await besideReport(ctx, trx, row, 'indexing a scan for search', () =>
      indexFinishedScan(trx, {
        uid: row.uid,
        ownerId: row.user_id,
        visibility: row.visibility,
        listed: row.on_board,
        url: redactUrlSecrets(row.url),
        result,
      }),
    );
    return { indexed };
  });
}

/** The callback runs beside the queue: its retries must not hold a scan slot or fail the job. */
function notifyEnded(ctx: ScanRunnerContext, scanUid: string): void {
  void findScanByUid(ctx.db, scanUid)
    .then((ended) => (ended?.options.callback_url ? ctx.callbacks.notify(ended) : undefined))
    .catch((error: unknown) => ctx.log.warn({ err: error, scanUid }, 'scan callback failed'));
}

/** Whoever follows scans up (monitoring) hears of the end; a failure there never fails the scan. */
async function announceFinished(ctx: ScanRunnerContext, scanUid: string): Promise<void> {
  try {
    await ctx.onScanFinished?.(scanUid);
  } catch (error) {
    ctx.log.warn({ err: error, scanUid }, 'announcing a finished scan failed');
  }
}

/** A cancel ended the row and gave the charge back; the callback and followers hear of the end, nothing is retried. */
async function endedByCancel(ctx: ScanRunnerContext, scanUid: string): Promise<void> {
  ctx.log.info({ scanUid }, 'scan cancelled');
  notifyEnded(ctx, scanUid);
  await announceFinished(ctx, scanUid);
}

/**
 * The scan job's failure for good (run by the job system after the last attempt, before the job
 * ends): the scan is marked failed, its charge given back, and its end announced.
 */
export function recordScanFailure(ctx: ScanRunnerContext): JobFailedForGood<ScanJobPayload> {
  return async ({ scanUid }, error) => {
    const row = await findScanByUid(ctx.db, scanUid);
    if (!row || row.status !== 'running') return;
    const message =
      error instanceof JobTimeoutError
        ? `the scan took longer than ${ctx.timeLimitMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    await markScanFailed(ctx.db, row.id, message);
    await refundScan(ctx.db, ctx.allowance, row);
    notifyEnded(ctx, scanUid);
    await announceFinished(ctx, scanUid);
  };
}

/** The job handler: one attempt at one stored scan, stopped at the attempt's deadline (`SCAN_TIME_LIMIT_MS`). */
export function createScanJobHandler(ctx: ScanRunnerContext, admission: ScanAdmission): JobHandler<ScanJobPayload> {
  return async ({ scanUid, priority = SCAN_PRIORITY.guest }, attempt, deadline) => {
    const queued = await findScanByUid(ctx.db, scanUid);
    // Its party's share of the runners is in use: it waits off the runner (deferred), still queued.
    const release = queued ? admission.admit({ owner: queued.user_id, priority }) : () => undefined;
    try {
      await attemptScan(ctx, scanUid, attempt, deadline);
    } finally {
      release();
    }
  };
}

/** One attempt at one stored scan, stopped at the attempt's deadline. */
async function attemptScan(ctx: ScanRunnerContext, scanUid: string, attempt: JobAttempt, deadline: AbortSignal): Promise<void> {
  const row = await startScanAttempt(ctx.db, scanUid);
  if (!row) {
    // Cancelled while queued: its callback and followers still hear that it ended.
    if ((await findScanByUid(ctx.db, scanUid))?.status === 'cancelled') await endedByCancel(ctx, scanUid);
    return;
  }
  ctx.log.info({ scanUid, attempt: attempt.number, pid: process.pid }, 'scan started');
  if (attempt.number === 1) scanStageSeconds.observe({ stage: 'queue_wait' }, (Date.now() - row.created_at.getTime()) / 1000);
  try {
    const running = scanStageSeconds.startTimer({ stage: 'run' });
    const run = await beforeDeadline(runScan(ctx, row), deadline);
    const { result } = run;
    running();
    const storing = scanStageSeconds.startTimer({ stage: 'store' });
    const stored = await storeFinishedScan(ctx, row, run);
    if (!stored) throw new ScanCancelledError(`scan ${scanUid} was cancelled`);
    storing();
    if (stored.indexed) await alertSavedSearches(ctx, scanUid, stored.indexed);
    if (result.reachable === false) await refundScan(ctx.db, ctx.allowance, row);
    scanVerdicts.inc({ level: result.risk_score_text.name });
    ctx.log.info({ scanUid, overallRisk: result.overall_risk }, 'scan done');
  } catch (error) {
    // The cancel ended the row and gave the charge back; nothing is left to do, nor to retry.
    if (error instanceof ScanCancelledError) return endedByCancel(ctx, scanUid);
    scanFailures.inc({ kind: error instanceof JobTimeoutError ? 'time_limit' : 'error', final: String(attempt.final) });
    throw error;
  }
  notifyEnded(ctx, scanUid);
  await announceFinished(ctx, scanUid);
}
