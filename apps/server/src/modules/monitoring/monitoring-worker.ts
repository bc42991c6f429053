import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ScanQueue } from '../../jobs/scan-queue.ts';
import type { Mailer } from '../mail/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import type { PlanAllowance } from '../scans/index.ts';
import { type CtStream, startCtStream } from './ct-stream.ts';
import { createDiscovery } from './discovery.ts';
import { createMonitoringBullmq, monitoringQueueName, startMonitoringWorker } from './monitoring-jobs.ts';
import { createMonitoringContext } from './monitoring-runtime.ts';

/**
 * Domain monitoring's half of `npm run worker`: monitor runs and scheduler beats from BullMQ, and
 * the certificate-transparency stream (each worker holds one; the database keeps what they find once).
 */
export function startMonitoringWorkerProcess(parts: {
  config: Config;
  redisUrl: string;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  deliveries: Pick<Deliveries, 'deliverDue'>;
  scanQueue: ScanQueue;
  allowance: Pick<PlanAllowance, 'planFlags'>;
}): { close(): Promise<void> } {
  const ctx = createMonitoringContext(parts);
  const queueName = monitoringQueueName(parts.config.scanService.queueName);
  const runs = createMonitoringBullmq(parts.redisUrl, queueName);
  const discovery = createDiscovery(ctx);
  const worker = startMonitoringWorker(parts.redisUrl, queueName, { ...ctx, runs, discovery });
  const ctUrl = parts.config.monitoring.ctStreamUrl;
  const certificates: CtStream | null = ctUrl
    ? startCtStream({ url: ctUrl, onNames: (names) => discovery.consider(names, 'ct-log'), log: parts.log })
    : null;
  return {
    async close() {
      certificates?.close();
      await worker.close();
      await runs.close();
    },
  };
}
