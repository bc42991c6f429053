import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, isDatabaseUp } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { bullmqSettings, createBullmqJobs, startBullmqWorkers } from './jobs/index.ts';
import { createEntitlements, createPlanQuotas, systemClock } from './modules/billing/index.ts';
import { workerThreatIntel } from './modules/lookup/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { hostFirstSeenInCtLogs, monitorAlertSender, startMonitoringWorkerProcess } from './modules/monitoring/index.ts';
import { defineScanJob, scanCallbackSender, scanQueueOn } from './modules/scans/index.ts';
import { createScanCapture } from './modules/screenshots/index.ts';
import { startWorkerProbes } from './modules/metrics/index.ts';
import { savedSearchAlertSender } from './modules/saved-searches/index.ts';
import { configuredDeliveries, defineDeliverySweep } from './modules/webhooks/index.ts';

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
  const db = await createDatabase(config.database);
  await migrateToLatest(db);
  // The same browser pool, screenshot folder and locations as an API process builds in `app.scanCapture`.
  const capture = createScanCapture(config, log);
  await capture.ready();
  const entitlements = createEntitlements({ db, clock: systemClock });
  const intel = await workerThreatIntel(config, db, log, (userId) => entitlements.allows(userId, 'external_reputation'));
  const allowance = createPlanQuotas({ db, clock: systemClock });
  // The delivery log, as the API process builds it in `webhooksPlugin`; its sweep is a job these workers run (decision 175).
  const mailer = createMailer(config.mail, (line) => log.info(line));
  const deliveries = configuredDeliveries({
    config,
    db,
    mailer,
    log,
    senders: {
      scan_callback: scanCallbackSender(config, db),
      monitor_alert: monitorAlertSender(db, config.publicUrl),
      saved_search_alert: savedSearchAlertSender(config, db),
    },
  });
  const settings = bullmqSettings(config.scanService, redisUrl);
  // Follow-up jobs and monitoring's look-alike scans are queued from here as from the API.
  const jobs = createBullmqJobs(settings);
  const scanJob = defineScanJob({
    config,
    db,
    allowance,
    log,
    capture,
    threatIntel: intel.threatIntel,
    deliveries,
    onScanFinished: (scanUid) => monitoring.onScanFinished(scanUid),
    certificateFirstSeen: (host) => hostFirstSeenInCtLogs(db, host),
  });
  const monitoring = startMonitoringWorkerProcess({
    config,
    db,
    log,
    mailer,
    deliveries,
    jobs,
    scanQueue: scanQueueOn(jobs, scanJob),
    entitlements,
  });
  // Every defined job, each on its own queue: this process refuses a job it cannot handle.
  const workers = startBullmqWorkers(settings, [scanJob, ...monitoring.definitions, defineDeliverySweep(deliveries)]);
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
    monitoring.close();
    workers
      .close()
      .then(() => jobs.close())
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
