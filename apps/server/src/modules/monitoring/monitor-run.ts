import { generateLookalikes, htmlSimilarity, type Lookalike, resolveLookalikes, type ResolvedLookalike } from '@riskscan/scanner';
import { requestServiceScan, waitForScan } from '../scans/index.ts';
import { flushAlerts, deliverDueAlerts } from './alerts.ts';
import { nextStatus, type Observation } from './lifecycle.ts';
import { type LookalikeRow, lookalikesOfMonitor, recordObservation, touchLookalike } from './lookalikes.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { claimRun, findMonitorById, finishRun, type MonitorRow, type MonitorRunRow, recordRunProgress } from './monitors.repository.ts';
import { contentHash, fetchHomePage, pageVerdict } from './page-check.ts';
import { inPool } from './pool.ts';
import { publicDnsRecords } from './public-dns-records.ts';
import { recordRegistrationDates } from './registration-dates.ts';

/** A worker's claim on a run; renewed with every progress report, so a dead worker's run is taken up after this. */
export const RUN_LOCK_MS = 120_000;
const PROGRESS_EVERY = 250;
/** Registered look-alikes whose pages are fetched and scanned at once. */
const PAGE_CONCURRENCY = 3;

type RunState = { ctx: MonitoringContext; monitor: MonitorRow; run: MonitorRunRow; source: string; watchedHtml: string | null };

const lockUntil = (ctx: MonitoringContext) => new Date(ctx.now().getTime() + RUN_LOCK_MS);

/** The page of a registered look-alike: null when none answers, undefined when unchanged since its last scan. */
async function observePage(state: RunState, found: ResolvedLookalike, known: LookalikeRow | undefined) {
  const { ctx, monitor } = state;
  if (found.dns.a.length === 0 && found.dns.aaaa.length === 0) return { page: null, facts: {} };
  const home = await fetchHomePage(found.domain, ctx.network);
  if (!home) return { page: null, facts: {} };
  const hash = contentHash(home.html);
  if (known?.content_hash === hash && known.status !== 'gone') return { page: undefined, facts: {} };
  const similarity = state.watchedHtml === null ? null : htmlSimilarity(state.watchedHtml, home.html);
  const queued = await requestServiceScan(ctx.scans, { userId: monitor.user_id, url: home.url, protectedDomains: [monitor.domain] });
  const scan = await waitForScan(ctx.scans.db, queued.uid, ctx.scans.waitMs);
  // A failed scan is tried again next run: no content hash is kept for it.
  if (scan.status !== 'done' || !scan.result) return { page: undefined, facts: { scan_uid: scan.uid } };
  return {
    page: pageVerdict(scan.result, similarity),
    facts: {
      scan_uid: scan.uid,
      risk_score: scan.result.overall_risk,
      screenshot_link: scan.result.screenshot_link ?? null,
      content_hash: hash,
      similarity_html: similarity,
    },
  };
}

async function record(state: RunState, found: ResolvedLookalike, known: LookalikeRow | undefined, observation: Observation, facts: object) {
  const status = nextStatus(known?.status ?? null, observation);
  if (status === null) return;
  await state.ctx.db.transaction().execute((trx) =>
    recordObservation(trx, {
      monitorId: state.monitor.id,
      domain: found.domain,
      fuzzer: known?.fuzzer ?? found.fuzzer,
      status,
      facts: { dns: publicDnsRecords(found.dns, state.ctx.network), ...facts },
      source: state.source,
      now: state.ctx.now(),
    }),
  );
}

async function checkRegistered(state: RunState, found: ResolvedLookalike, known: LookalikeRow | undefined): Promise<void> {
  const { page, facts } = await observePage(state, found, known);
  const observation: Observation = { resolution: 'registered', page };
  if (page === undefined && known && known.status !== 'gone') {
    await touchLookalike(state.ctx.db, known.id, state.ctx.now(), publicDnsRecords(found.dns, state.ctx.network));
    if (Object.keys(facts).length === 0) return;
  }
  await record(state, found, known, observation, facts);
}

/**
 * Every name to check: the engine's look-alikes (combosquatting with the monitor's keywords, the
 * engine's own words without them), plus what discovery found that the permutations do not make.
 */
function namesToCheck(monitor: MonitorRow, known: Map<string, LookalikeRow>): Lookalike[] {
  const names = new Map<string, Lookalike>();
  const keywords = monitor.keywords.length > 0 ? { keywords: monitor.keywords } : {};
  for (const name of generateLookalikes(monitor.domain, keywords)) if (!names.has(name.domain)) names.set(name.domain, name);
  // Discovered names keep their source (`ct-log`, `nrd-feed`) as family; the resolver passes it through.
  for (const row of known.values())
    if (!names.has(row.domain)) names.set(row.domain, { domain: row.domain, fuzzer: row.fuzzer as Lookalike['fuzzer'] });
  names.delete(monitor.domain);
  return [...names.values()];
}

async function execute(state: RunState): Promise<void> {
  const { ctx, monitor, run } = state;
  const known = new Map((await lookalikesOfMonitor(ctx.db, monitor.id)).map((row) => [row.domain, row]));
  const names = namesToCheck(monitor, known);
  const registered: ResolvedLookalike[] = [];
  let checked = 0;
  await recordRunProgress(ctx.db, run.id, { names_total: names.length, names_checked: 0, found: 0 }, lockUntil(ctx));
  for await (const found of resolveLookalikes(names, { dnsServers: ctx.dnsServers, concurrency: ctx.config.dnsConcurrency })) {
    checked++;
    if (found.status === 'registered') registered.push(found);
    else if (known.has(found.domain)) await record(state, found, known.get(found.domain), { resolution: found.status, page: null }, {});
    if (checked % PROGRESS_EVERY === 0)
      await recordRunProgress(ctx.db, run.id, { names_checked: checked, found: registered.length }, lockUntil(ctx));
  }
  await recordRunProgress(ctx.db, run.id, { names_checked: checked, found: registered.length }, lockUntil(ctx));
  await inPool(registered, PAGE_CONCURRENCY, async (found) => {
    await checkRegistered(state, found, known.get(found.domain));
    await recordRunProgress(ctx.db, run.id, { names_checked: checked, found: registered.length }, lockUntil(ctx));
  });
  await recordRegistrationDates(ctx, monitor.id, new Set(registered.map((found) => found.domain)));
}

/**
 * The monitor-run job: one pass over every look-alike of the watched domain. Idempotent and
 * resumable: a run another worker holds is left alone; one whose worker died is taken over and
 * done again from the start, and the events it records are keyed by the run so none doubles.
 */
export async function runMonitor(ctx: MonitoringContext, runUid: string): Promise<void> {
  const run = await claimRun(ctx.db, runUid, ctx.now(), lockUntil(ctx));
  if (!run) return;
  const monitor = await findMonitorById(ctx.db, run.monitor_id);
  if (!monitor) return finishRun(ctx.db, run.id, { status: 'failed', error: 'The monitor was removed.' }, ctx.now());
  const watched = await fetchHomePage(monitor.domain, ctx.network);
  const state: RunState = { ctx, monitor, run, source: `run:${run.uid}`, watchedHtml: watched?.html ?? null };
  try {
    await execute(state);
    // Alerts are queued before the run reads as done, so whoever sees it done sees its alerts too.
    if (monitor.alert_mode === 'live') await flushAlerts(ctx, monitor);
    await finishRun(ctx.db, run.id, { status: 'done', error: null }, ctx.now());
  } catch (error) {
    ctx.log.error({ err: error, runUid }, 'monitor run failed');
    await finishRun(ctx.db, run.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, ctx.now());
    return;
  }
  await deliverDueAlerts(ctx);
}
