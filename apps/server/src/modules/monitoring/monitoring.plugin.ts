import type { ScannerOptions } from '@riskscan/scanner';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import { type CtStream, startCtStream } from './ct-stream.ts';
import { createDiscovery } from './discovery.ts';
import { createMonitoringJobs, type MonitoringJobs } from './monitoring-jobs.ts';
import { createMonitoringContext, type MonitoringParts } from './monitoring-runtime.ts';
import type { MonitorsService } from './monitors.service.ts';
import { resumableRunUids } from './monitors.repository.ts';
import { monitoringTick } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain monitoring's service: its routes, tests that drive the scheduler, and the scans' end (`app.ts`). */
    monitoring: MonitorsService & {
      tick(): Promise<void>;
      onScanFinished(scanUid: string): Promise<void>;
      /** One poll of the configured certificate-transparency logs (tests drive it; the repeating job runs it). */
      pollCertificates(): Promise<void>;
      sourceStatus: MonitoringJobs['sourceStatus'];
    };
  }
}

export type MonitoringPluginOptions = {
  config: Config;
  scanner?: ScannerOptions | undefined;
  /** The job system (the composition root's one backend). */
  jobs: Jobs;
  /** Where look-alike scans go (scans). */
  scanQueue: ScanQueue;
  /** The plans monitoring's quotas follow (billing). */
  entitlements: MonitoringParts['entitlements'];
  /** The delivery log alerts go through (webhooks). */
  deliveries: MonitoringParts['deliveries'];
};

/**
 * Domain monitoring as a capability. On BullMQ runs, follow-ups and the scheduler's beat are jobs
 * for `npm run worker` (which also holds the certificate stream); in-process they run here, the
 * beat comes every `MONITOR_TICK_SECONDS` (0: off), certificate names stream in here, and runs a
 * restart interrupted are taken up at start.
 */
export const monitoringPlugin = fp<MonitoringPluginOptions>(
  async (app, { config, scanner, jobs, scanQueue, entitlements, deliveries }) => {
    const ctx = createMonitoringContext({
      config,
      db: app.db,
      log: app.log,
      mailer: app.mailer,
      deliveries,
      scanQueue,
      entitlements,
      scanner,
    });
    const discovery = createDiscovery(ctx);
    const monitoring = createMonitoringJobs({ ...ctx, discovery }, jobs);
    const { service } = monitoring;
    let ticking: Promise<void> | null = null;
    // One beat at a time in this process; other processes are kept apart by the database claims.
    const tick = () => (ticking ??= monitoringTick(service).finally(() => (ticking = null)));
    app.decorate('monitoring', {
      ...service,
      tick,
      onScanFinished: monitoring.onScanFinished,
      pollCertificates: monitoring.pollCertificates,
      sourceStatus: monitoring.sourceStatus,
    });

    let certificates: CtStream | null = null;
    app.addHook('onReady', async () => {
      if (config.monitoring.tickSeconds > 0) await monitoring.beat(config.monitoring.tickSeconds * 1000);
      await monitoring.watchCertificates();
      if (jobs.backend === 'bullmq') return;
      if (config.monitoring.ctStreamUrl) {
        certificates = startCtStream({
          url: config.monitoring.ctStreamUrl,
          onNames: (names) => discovery.consider(names, 'ct-log'),
          log: app.log,
        });
      }
      const now = ctx.now();
      for (const runUid of await resumableRunUids(app.db, now, now)) await service.runs.enqueue({ runUid });
    });
    app.addHook('onClose', async () => {
      certificates?.close();
      await ticking;
    });
  },
  { name: 'monitoring', dependencies: ['database', 'mail'] },
);
