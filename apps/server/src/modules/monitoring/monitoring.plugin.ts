import type { ScannerOptions } from '@riskscan/scanner';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createInProcessQueue } from '../../jobs/in-process-queue.ts';
import type { ScanQueue } from '../../jobs/scan-queue.ts';
import { type CtStream, startCtStream } from './ct-stream.ts';
import { createDiscovery } from './discovery.ts';
import { runMonitor } from './monitor-run.ts';
import { createMonitoringBullmq, monitoringQueueName } from './monitoring-jobs.ts';
import { createMonitoringContext, type MonitoringParts } from './monitoring-runtime.ts';
import type { MonitorRunJob, MonitorsService } from './monitors.service.ts';
import { resumableRunUids } from './monitors.repository.ts';
import { monitoringTick } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain monitoring's service: its routes, and tests that drive the scheduler. */
    monitoring: MonitorsService & { tick(): Promise<void> };
  }
}

export type MonitoringPluginOptions = {
  config: Config;
  scanner?: ScannerOptions | undefined;
  /** Where look-alike scans go (scans). */
  scanQueue: ScanQueue;
  /** The plan flags monitoring's quotas follow (billing). */
  allowance: MonitoringParts['allowance'];
  /** The delivery log alerts go through (webhooks). */
  deliveries: MonitoringParts['deliveries'];
};

/** Runs one monitor at a time per process: a run already resolves names with bounded concurrency and queues its own scans. */
const RUN_POLICY = { attempts: 2, retryDelayMs: 5_000, concurrency: 1 };

/**
 * Domain monitoring as a capability. With `REDIS_URL` runs and the scheduler's beat are BullMQ
 * jobs for `npm run worker` (which also holds the certificate stream); otherwise runs go to an
 * in-process queue, a timer beats every `MONITOR_TICK_SECONDS` (0: off), certificate names stream
 * in here, and runs a restart interrupted are taken up at start.
 */
export const monitoringPlugin = fp<MonitoringPluginOptions>(
  async (app, { config, scanner, scanQueue, allowance, deliveries }) => {
    const ctx = createMonitoringContext({
      config,
      db: app.db,
      log: app.log,
      mailer: app.mailer,
      deliveries,
      scanQueue,
      allowance,
      scanner,
    });
    const discovery = createDiscovery(ctx);
    const redisUrl = config.scanService.redisUrl;
    const bullmq = redisUrl ? createMonitoringBullmq(redisUrl, monitoringQueueName(config.scanService.queueName)) : null;
    const runs = bullmq ?? createInProcessQueue<MonitorRunJob>((job) => runMonitor(ctx, job.runUid), RUN_POLICY, app.log);
    const service: MonitorsService = { ...ctx, runs, discovery };
    let ticking: Promise<void> | null = null;
    // One beat at a time in this process; other processes are kept apart by the database claims.
    const tick = () => (ticking ??= monitoringTick(service).finally(() => (ticking = null)));
    app.decorate('monitoring', { ...service, tick });

    let timer: NodeJS.Timeout | undefined;
    let certificates: CtStream | null = null;
    app.addHook('onReady', async () => {
      if (bullmq) {
        if (config.monitoring.tickSeconds > 0) await bullmq.scheduleTick(config.monitoring.tickSeconds * 1000);
        return;
      }
      if (config.monitoring.ctStreamUrl) {
        certificates = startCtStream({
          url: config.monitoring.ctStreamUrl,
          onNames: (names) => discovery.consider(names, 'ct-log'),
          log: app.log,
        });
      }
      const now = ctx.now();
      for (const runUid of await resumableRunUids(app.db, now, now)) await runs.enqueue({ runUid });
      if (config.monitoring.tickSeconds > 0) {
        timer = setInterval(
          () => void tick().catch((error: unknown) => app.log.error({ err: error }, 'monitoring tick failed')),
          config.monitoring.tickSeconds * 1000,
        );
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      certificates?.close();
      await ticking;
      await runs.close();
    });
  },
  { name: 'monitoring', dependencies: ['database', 'mail'] },
);
