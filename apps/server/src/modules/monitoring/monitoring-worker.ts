import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, Jobs } from '../../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { Entitlements } from '../billing/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import { type CtStream, startCtStream } from './ct-stream.ts';
import { createDiscovery } from './discovery.ts';
import { createMonitoringJobs } from './monitoring-jobs.ts';
import { createMonitoringContext } from './monitoring-runtime.ts';

/**
 * Domain monitoring's half of `npm run worker`: its job definitions (monitor runs, page-scan
 * follow-ups, scheduler beats) for the worker to run, the scans' end to follow up, and the
 * certificate-transparency stream (each worker holds one; the database keeps what they find once).
 */
export function startMonitoringWorkerProcess(parts: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  deliveries: Pick<Deliveries, 'deliverDue'>;
  jobs: Jobs;
  scanQueue: ScanQueue;
  entitlements: Pick<Entitlements, 'planName'>;
}): { definitions: JobDefinition<never>[]; onScanFinished(scanUid: string): Promise<void>; close(): void } {
  const ctx = createMonitoringContext(parts);
  const discovery = createDiscovery(ctx);
  const monitoring = createMonitoringJobs({ ...ctx, discovery }, parts.jobs);
  const ctUrl = parts.config.monitoring.ctStreamUrl;
  const certificates: CtStream | null = ctUrl
    ? startCtStream({ url: ctUrl, onNames: (names) => discovery.consider(names, 'ct-log'), log: parts.log })
    : null;
  return {
    definitions: monitoring.definitions,
    onScanFinished: monitoring.onScanFinished,
    close: () => certificates?.close(),
  };
}
