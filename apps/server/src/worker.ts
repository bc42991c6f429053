import pino from 'pino';
import { assemble } from './assemble.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isDatabaseUp } from './db/database.ts';
import { bullmqSettings, startBullmqWorkers } from './jobs/index.ts';
import { startWorkerProbes } from './modules/metrics/index.ts';

const SHUTDOWN_GRACE_MS = 30_000;

/** `npm run worker`: takes scans and domain-monitoring jobs from BullMQ (REDIS_URL) and writes their results to the database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const redisUrl = config.scanService.redisUrl;
  if (!redisUrl) throw new ConfigError('npm run worker needs REDIS_URL; without it the API process runs scans itself.');
  if (config.database.kind !== 'postgres') {
    throw new ConfigError('npm run worker needs DATABASE_URL: the embedded PGlite database cannot be shared with the API process.');
  }
  const log = pino({ level: config.logLevel });
  // The same assembly as the API process builds (assemble.ts): this process runs its jobs.
  const assembly = await assemble(config, {}, log);
  const { db } = assembly;
  await assembly.startWorking();
  // Every defined job, each on its own queue: this process refuses a job it cannot handle.
  const workers = startBullmqWorkers(bullmqSettings(config.scanService, redisUrl), assembly.workerJobs);
  await workers.waitUntilReady();
  let closing = false;
  const probes =
    config.scanService.workerMetricsPort > 0
      ? await startWorkerProbes({
          host: config.scanService.workerMetricsHost,
          port: config.scanService.workerMetricsPort,
          ready: async () => !closing && workers.running() && (await isDatabaseUp(db)),
        })
      : null;
  log.info(
    { queue: config.scanService.queueName, concurrency: config.scanService.workerConcurrency, pid: process.pid },
    'scan worker ready',
  );

  // Running scans are finished within the grace period; past it the process exits, its locks
  // lapse after SCAN_JOB_LOCK_MS and another worker takes those scans over.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    probes?.close();
    log.info({ signal }, 'worker shutting down, finishing running scans');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    workers
      .close()
      .then(() => assembly.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
