import { defineJob, type JobDefinition, type Jobs } from '../../jobs/index.ts';
import type { Discovery } from './discovery.ts';
import { runMonitor } from './monitor-run.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { MONITOR_RUN_JOB, type MonitorRunJob, type MonitorsService } from './monitors.service.ts';
import { recordPageScan } from './page-scan-follow-up.ts';
import { findPageScan } from './page-scans.repository.ts';
import { monitoringTick } from './scheduler.ts';

/** The beat of the scheduler. */
export const MONITORING_TICK_JOB = 'monitoring-tick';
/** The follow-up of a look-alike page scan a run asked for: records the page once the scan ended. */
export const PAGE_SCANNED_JOB = 'monitoring-page-scanned';
export type PageScannedJob = { scanUid: string };

export type MonitoringJobs = {
  /** The service routes and the scheduler use; it queues runs on the backend. */
  service: MonitorsService;
  /** Every monitoring job, for whatever runs them (`worker.ts` starts a BullMQ worker for each). */
  definitions: JobDefinition<never>[];
  /** The scan runner's `onScanFinished`: follows up the page scans runs await, and no other scan. */
  onScanFinished(scanUid: string): Promise<void>;
  /** Beats the scheduler every `everyMs`, once across all processes. */
  beat(everyMs: number): Promise<void>;
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
  return {
    service,
    definitions: [run, tick, pageScanned],
    async onScanFinished(scanUid) {
      // The scan uid as job id: a scan announced twice is recorded once.
      if (await findPageScan(ctx.db, scanUid)) await jobs.enqueue(pageScanned, { scanUid }, { id: scanUid });
    },
    beat: (everyMs) => jobs.every(tick, everyMs, {}),
  };
}
