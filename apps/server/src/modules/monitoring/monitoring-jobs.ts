import { defineJob, type JobDefinition, type Jobs } from '../../jobs/index.ts';
import { recordBrandPageScan } from './brand-pages/brand-pages.service.ts';
import { ctSourceStatus, listLogPositions, pollCtLogs, type SourceStatus } from './ct-log/index.ts';
import type { Discovery } from './discovery.ts';
import { runMonitor } from './monitor-run.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { MONITOR_RUN_JOB, type MonitorRunJob, type MonitorsService } from './monitors.service.ts';
import { recordPageScan } from './page-scan-follow-up.ts';
import { findPageScan } from './page-scans.repository.ts';
import { monitoringTick, sendDueAlerts } from './scheduler.ts';

/** The beat of the scheduler. */
export const MONITORING_TICK_JOB = 'monitoring-tick';
/** The follow-up of a look-alike page scan a run asked for: records the page once the scan ended. */
export const PAGE_SCANNED_JOB = 'monitoring-page-scanned';
export type PageScannedJob = { scanUid: string };
/** One read of every configured certificate-transparency log. */
export const CT_POLL_JOB = 'monitoring-ct-poll';

export type MonitoringJobs = {
  /** The service routes and the scheduler use; it queues runs on the backend. */
  service: MonitorsService;
  /** Every monitoring job, for whatever runs them (`worker.ts` starts a BullMQ worker for each). */
  definitions: JobDefinition<never>[];
  /** The scan runner's `onScanFinished`: follows up the page scans runs await, and no other scan. */
  onScanFinished(scanUid: string): Promise<void>;
  /** Beats the scheduler every `everyMs`, once across all processes. */
  beat(everyMs: number): Promise<void>;
  /** Polls the configured certificate-transparency logs every `CT_POLL_SECONDS`, once across all processes (none configured: nothing). */
  watchCertificates(): Promise<void>;
  /** One poll of every configured log, now (what the repeating job runs). */
  pollCertificates(): Promise<void>;
  /** Each configured discovery source and whether it went stale (metrics and `/readyz`). */
  sourceStatus(): Promise<SourceStatus[]>;
};

/** Domain monitoring's jobs, defined once for the API process and `worker.ts`, each with its retry policy. */
export function createMonitoringJobs(ctx: MonitoringContext & { discovery: Discovery }, jobs: Jobs): MonitoringJobs {
  const service: MonitorsService = {
    ...ctx,
    // The run uid as job id: a run queued twice is one job.
    runs: { enqueue: (job) => jobs.enqueue(run, job, { id: job.runUid }) },
  };
  // A run resolves thousands of names; one that fails is marked failed by the run itself, so a second attempt is for crashes.
  const run = defineJob<MonitorRunJob>(MONITOR_RUN_JOB, (job) => runMonitor(service, job.runUid), {
    attempts: 2,
    backoff: { type: 'exponential', delayMs: 5_000 },
    timeoutMs: 60 * 60_000,
    concurrency: 2,
  });
  // A beat is not retried: the next one comes soon and does the same.
  const tick = defineJob<Record<string, never>>(MONITORING_TICK_JOB, () => monitoringTick(service), {
    attempts: 1,
    backoff: { type: 'fixed', delayMs: 0 },
    timeoutMs: 15 * 60_000,
  });
  const pageScanned = defineJob<PageScannedJob>(PAGE_SCANNED_JOB, (job) => recordPageScan(service, job.scanUid), {
    attempts: 5,
    backoff: { type: 'exponential', delayMs: 2_000 },
    timeoutMs: 2 * 60_000,
    concurrency: 2,
  });
  const ct = ctx.config.ctLogs;
  const startedAt = ctx.now();
  const sourceStatus = async () => ctSourceStatus(ct.logs, await listLogPositions(ctx.db), ct.staleAfterMs, ctx.now(), startedAt);
  // A poll is not retried: the next one resumes every log where this one stopped.
  const pollCertificates = async () => {
    const before = new Set((await sourceStatus()).filter((status) => status.staleSince).map((status) => status.source));
    const polls = await pollCtLogs(
      {
        db: ctx.db,
        log: ctx.log,
        network: ctx.network,
        now: ctx.now,
        matcher: ctx.discovery.matcher,
        discover: (names) => ctx.discovery.consider(names, 'ct-log'),
      },
      ct,
    );
    // A new certificate for a look-alike is news now, not at the next run: live monitors alert at once.
    if (polls.some((poll) => poll.recorded > 0)) await sendDueAlerts(service);
    for (const status of await sourceStatus())
      if (status.staleSince && !before.has(status.source))
        ctx.log.error(
          { source: status.source, lastGrewAt: status.lastGrewAt, lastError: status.lastError },
          'discovery source is stale: the certificate-transparency log stopped advancing',
        );
  };
  const ctPoll = defineJob<Record<string, never>>(CT_POLL_JOB, pollCertificates, {
    attempts: 1,
    backoff: { type: 'fixed', delayMs: 0 },
    timeoutMs: 10 * 60_000,
  });
  return {
    service,
    sourceStatus,
    definitions: [run, tick, pageScanned, ctPoll],
    async onScanFinished(scanUid) {
      // A brand page's own scan: its fingerprints are kept (quick, no job of its own).
      if (await recordBrandPageScan(ctx, scanUid)) return;
      // The scan uid as job id: a scan announced twice is recorded once.
      if (await findPageScan(ctx.db, scanUid)) await jobs.enqueue(pageScanned, { scanUid }, { id: scanUid });
    },
    beat: (everyMs) => jobs.every(tick, everyMs, {}),
    async watchCertificates() {
      if (ct.logs.length > 0) await jobs.every(ctPoll, ct.pollMs, {});
    },
    pollCertificates,
  };
}
