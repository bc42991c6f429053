import { randomUUID } from 'node:crypto';
import { generateLookalikes, htmlSimilarity, type Lookalike, resolveLookalikes, type ResolvedLookalike } from '@riskscan/scanner';
import { requestServiceScan } from '../scans/index.ts';
import { type LookalikeRow, lookalikesOfMonitor } from './lookalikes.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import {
  claimRun,
  endNamePass,
  findMonitorById,
  finishRun,
  type MonitorRow,
  type MonitorRunRow,
  recordRunProgress,
} from './monitors.repository.ts';
import { type CheckedName, observe, observePage, type ObservationTarget, type PageSeen } from './observations.ts';
import { contentHash, fetchHomePage } from './page-check.ts';
import { awaitPageScan } from './page-scans.repository.ts';
import { finishIfSettled } from './page-scan-follow-up.ts';
import { inPool } from './pool.ts';
import { publicDnsRecords } from './public-dns-records.ts';
import { recordRegistrationDates } from './registration-dates.ts';

/** A worker's claim on a run; renewed with every progress report, so a dead worker's run is taken up after this. */
export const RUN_LOCK_MS = 120_000;
const PROGRESS_EVERY = 250;
/** Registered look-alikes whose pages are fetched at once. */
const PAGE_CONCURRENCY = 3;

type RunState = { ctx: MonitoringContext; monitor: MonitorRow; run: MonitorRunRow; target: ObservationTarget; watchedHtml: string | null };

const lockUntil = (ctx: MonitoringContext, ms = RUN_LOCK_MS) => new Date(ctx.now().getTime() + ms);

/**
 * The page of a registered look-alike as far as the name pass sees it. A new or changed page is
 * scanned: the run records that it awaits the scan and goes on, and the follow-up job records the
 * page when the scan ends (record 172); no job waits inside itself for another.
 */
async function checkPage(state: RunState, found: ResolvedLookalike, name: CheckedName, known: LookalikeRow | undefined) {
  const { ctx, monitor } = state;
  if (found.dns.a.length === 0 && found.dns.aaaa.length === 0) return { page: null, facts: {} } satisfies PageSeen;
  const home = await fetchHomePage(found.domain, ctx.network);
  if (!home) return { page: null, facts: {} } satisfies PageSeen;
  const hash = contentHash(home.html);
  if (known?.content_hash === hash && known.status !== 'gone') return { page: undefined, facts: {} } satisfies PageSeen;
  const scanUid = randomUUID();
  // Kept before the scan is queued: it may end before `requestServiceScan` returns.
  const awaited = await awaitPageScan(ctx.db, {
    scan_uid: scanUid,
    run_id: state.run.id,
    ...name,
    content_hash: hash,
    similarity_html: state.watchedHtml === null ? null : htmlSimilarity(state.watchedHtml, home.html),
  });
  if (awaited)
    await requestServiceScan(ctx.scans, { uid: scanUid, userId: monitor.user_id, url: home.url, protectedDomains: [monitor.domain] });
  return 'scanning' as const;
}

const checkedName = (state: RunState, found: ResolvedLookalike, known: LookalikeRow | undefined): CheckedName => ({
  domain: found.domain,
  fuzzer: known?.fuzzer ?? found.fuzzer,
  dns: publicDnsRecords(found.dns, state.ctx.network),
});

async function checkRegistered(state: RunState, found: ResolvedLookalike, known: LookalikeRow | undefined): Promise<void> {
  const name = checkedName(state, found, known);
  const seen = await checkPage(state, found, name, known);
  if (seen !== 'scanning') await observePage(state.target, name, known, seen);
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
    const row = known.get(found.domain);
    if (found.status === 'registered') registered.push(found);
    else if (row) await observe(state.target, checkedName(state, found, row), row, { resolution: found.status, page: null }, {});
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
 * resumable: a run another worker holds is left alone; one whose worker died in its name pass is
 * taken over and passed again from the start, and the events it records are keyed by the run so
 * none doubles. The run reads as done once its page scans are recorded too (`finishIfSettled`).
 */
export async function runMonitor(ctx: MonitoringContext, runUid: string): Promise<void> {
  const run = await claimRun(ctx.db, runUid, ctx.now(), lockUntil(ctx));
  if (!run) return;
  const monitor = await findMonitorById(ctx.db, run.monitor_id);
  if (!monitor) return finishRun(ctx.db, run.id, { status: 'failed', error: 'The monitor was removed.' }, ctx.now());
  const watched = await fetchHomePage(monitor.domain, ctx.network);
  const target = { ctx, monitorId: monitor.id, source: `run:${run.uid}` };
  try {
    await execute({ ctx, monitor, run, target, watchedHtml: watched?.html ?? null });
    // Its page scans may take as long as any scan can; past that the scheduler settles the run.
    await endNamePass(ctx.db, run.id, ctx.now(), lockUntil(ctx, ctx.scans.longestMs));
  } catch (error) {
    ctx.log.error({ err: error, runUid }, 'monitor run failed');
    await finishRun(ctx.db, run.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, ctx.now());
    return;
  }
  await finishIfSettled(ctx, run.id);
}
