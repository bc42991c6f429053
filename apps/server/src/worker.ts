import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startBullmqWorker } from './jobs/bullmq-queue.ts';
import { createPlanQuotas, systemClock } from './modules/billing/index.ts';
import { workerThreatIntel } from './modules/lookup/index.ts';
import { bullmqSettings, createScanJobHandler, createScanRunnerContext } from './modules/scans/index.ts';
import { createScanCapture } from './modules/screenshots/index.ts';

const SHUTDOWN_GRACE_MS = 30_000;

/** `npm run worker`: takes scans from BullMQ (REDIS_URL) and writes their results to the database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const redisUrl = config.scanService.redisUrl;
  if (!redisUrl) throw new ConfigError('npm run worker needs REDIS_URL; without it the API process runs scans itself.');
  if (config.database.kind !== 'postgres') {
    throw new ConfigError('npm run worker needs DATABASE_URL: the embedded PGlite database cannot be shared with the API process.');
  }
  const log = pino({ level: config.logLevel });
  const db = await createDatabase(config.database);
  await migrateToLatest(db);
  // The same browser pool, screenshot folder and locations as an API process builds in `app.scanCapture`.
  const capture = createScanCapture(config, log);
  const intel = await workerThreatIntel(config, db, log);
  const runner = createScanRunnerContext({
    config,
    db,
    allowance: createPlanQuotas({ db, clock: systemClock }),
    log,
    capture,
    threatIntel: intel.threatIntel,
  });
  const worker = startBullmqWorker(bullmqSettings(config.scanService, redisUrl), createScanJobHandler(runner));
  await worker.worker.waitUntilReady();
  log.info(
    { queue: config.scanService.queueName, concurrency: config.scanService.workerConcurrency, pid: process.pid },
    'scan worker ready',
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down, finishing running scans');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    worker
      .close()
      .then(() => {
        intel.stop();
        return capture.close();
      })
      .then(() => db.destroy())
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
