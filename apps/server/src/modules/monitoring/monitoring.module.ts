import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, Jobs } from '../../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import { type CtStream, startCtStream } from './ct-stream.ts';
import { createDiscovery } from './discovery.ts';
import { createMonitoringJobs, type MonitoringJobs } from './monitoring-jobs.ts';
import { createMonitoringContext, type MonitoringParts } from './monitoring-runtime.ts';
import type { MonitorsService } from './monitors.service.ts';
import { resumableRunUids } from './monitors.repository.ts';
import { monitoringTick } from './scheduler.ts';

/** Domain monitoring's service: its routes, tests that drive the scheduler, and the scans' end (`assemble.ts`). */
export type Monitoring = MonitorsService & {
  tick(): Promise<void>;
  onScanFinished(scanUid: string): Promise<void>;
  /** One poll of the configured certificate-transparency logs (tests drive it; the repeating job runs it). */
  pollCertificates(): Promise<void>;
  sourceStatus: MonitoringJobs['sourceStatus'];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by `app.ts` from the assembly, for the monitors routes. */
    monitoring: Monitoring;
  }
}

export type MonitoringModuleDeps = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The job system (the assembly's one backend). */
  jobs: Jobs;
  /** Where look-alike scans go (scans). */
  scanQueue: ScanQueue;
  /** The plans monitoring's quotas follow (billing). */
  entitlements: MonitoringParts['entitlements'];
  /** The delivery log alerts go through (webhooks). */
  deliveries: MonitoringParts['deliveries'];
  scanner: MonitoringParts['scanner'];
};

export type MonitoringModule = {
  monitoring: Monitoring;
  /** Every monitoring job (monitor runs, page-scan follow-ups, scheduler beats), for whatever runs them. */
  jobs: JobDefinition<never>[];
  /**
   * Starts what an API process runs: the scheduler's beat every `MONITOR_TICK_SECONDS` (0: off) and
   * the certificate-log polls; in-process also the certificate stream and the runs a restart
   * interrupted (on BullMQ `npm run worker` holds the stream).
   */
  startServing(): Promise<void>;
  /** Starts what `npm run worker` holds: the certificate stream (each worker one; the database keeps what they find once). */
  startWorking(): void;
  close(): Promise<void>;
};

/** Domain monitoring as one factory, built once by `assemble.ts` for the API process and the worker. */
export function createMonitoringModule(deps: MonitoringModuleDeps): MonitoringModule {
  const { config, jobs } = deps;
  const ctx = createMonitoringContext(deps);
  const discovery = createDiscovery(ctx);
  const monitoringJobs = createMonitoringJobs({ ...ctx, discovery }, jobs);
  const { service } = monitoringJobs;
  let ticking: Promise<void> | null = null;
  // One beat at a time in this process; other processes are kept apart by the database claims.
  const tick = () => (ticking ??= monitoringTick(service).finally(() => (ticking = null)));

  let certificates: CtStream | null = null;
  const streamCertificates = () => {
    if (config.monitoring.ctStreamUrl) {
      certificates = startCtStream({
        url: config.monitoring.ctStreamUrl,
        onNames: (names) => discovery.consider(names, 'ct-log'),
        log: deps.log,
      });
    }
  };

  return {
    monitoring: {
      ...service,
      tick,
      onScanFinished: monitoringJobs.onScanFinished,
      pollCertificates: monitoringJobs.pollCertificates,
      sourceStatus: monitoringJobs.sourceStatus,
    },
    jobs: monitoringJobs.definitions,
    async startServing() {
      if (config.monitoring.tickSeconds > 0) await monitoringJobs.beat(config.monitoring.tickSeconds * 1000);
      await monitoringJobs.watchCertificates();
      if (jobs.backend === 'bullmq') return;
      streamCertificates();
      const now = ctx.now();
      for (const runUid of await resumableRunUids(deps.db, now, now)) await service.runs.enqueue({ runUid });
    },
    startWorking: streamCertificates,
    async close() {
      certificates?.close();
      await ticking;
    },
  };
}
