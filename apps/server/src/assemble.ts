import type { ScannerOptions, ScanNetworkOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { bullmqSettings, createBullmqJobs, createInProcessJobs, type JobDefinition, type Jobs, takenHere } from './jobs/index.ts';
import { type Clock, createEntitlements, createPlanQuotas, type Entitlements, systemClock } from './modules/billing/index.ts';
import { createLookupModule, type LookupModule } from './modules/lookup/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import { createMonitoringModule, hostFirstSeenInCtLogs, type MonitoringModule, monitorAlertSender } from './modules/monitoring/index.ts';
import { savedSearchAlertSender } from './modules/saved-searches/index.ts';
import { createScansModule, type PlanAllowance, scanCallbackSender, type ScansModule } from './modules/scans/index.ts';
import { createScanCapture, type ScanCapture } from './modules/screenshots/index.ts';
import { createWebhooksModule, type WebhookNetwork, webhookNetwork, type WebhooksModule } from './modules/webhooks/index.ts';

export type AssemblyDependencies = {
  /** A database the caller owns; tests pass a fresh one per file (the assembly then neither creates nor closes one). */
  db?: Db;
  /** Quotas for the scan service; billing's plan quotas when absent. */
  planAllowance?: (db: Db) => PlanAllowance;
  /** What each account's plan allows; billing's when absent. Tests fix both with `fixedPlan`. */
  entitlements?: (db: Db) => Entitlements;
  /** Extra scanner settings; tests pass their fixture world's resolver and CA. */
  scanner?: ScannerOptions;
  /** The clock billing runs on (periods, quotas, renewals, reminders); tests move it. */
  clock?: Clock;
};

/** Everything with runtime state that both processes share, each part built once from the same infrastructure. */
export type Assembly = {
  db: Db;
  /** The one job system every module's jobs run on: BullMQ with REDIS_URL, else this process. */
  jobs: Jobs;
  /**
   * This process's own runner, for the repeating jobs each process runs itself (refreshing its
   * in-memory indexes): `jobs` when that is in-process.
   */
  localJobs: Jobs;
  /**
   * For the jobs only an API process runs, once across the fleet (the billing cycle and the
   * account-data purge, decision 463): `jobs`, and on BullMQ each is taken by a worker of every
   * API process, so one of them runs each beat.
   */
  fleetJobs: Jobs;
  mailer: Mailer;
  /**
   * The one egress network every request made for a user leaves under, with one resolver: scans,
   * monitoring's look-alike checks, registries, short links, webhooks and alerts (the scanner's
   * DNS, private networks refused; tests: the fixture world's).
   */
  network: ScanNetworkOptions & WebhookNetwork;
  clock: Clock;
  entitlements: Entitlements;
  allowance: PlanAllowance;
  lookup: LookupModule;
  capture: ScanCapture;
  webhooks: WebhooksModule;
  scans: ScansModule;
  monitoring: MonitoringModule;
  /** Every job a worker runs, each on its own queue. */
  workerJobs: JobDefinition<never>[];
  /** What an API process starts once it is ready: schedules, beats, and work a restart interrupted. */
  startServing(): Promise<void>;
  /** What `npm run worker` holds besides its job workers. */
  startWorking(): Promise<void>;
  /** Closes what the assembly opened: running jobs finish before the database closes. */
  close(): Promise<void>;
};

/**
 * The one place the modules meet (decision 460): the shared infrastructure once, then each module
 * from it, with the scans → monitoring reaction and the delivery senders wired here. `app.ts`
 * registers the routes over it; `worker.ts` runs its jobs.
 */
export async function assemble(config: Config, deps: AssemblyDependencies, log: FastifyBaseLogger): Promise<Assembly> {
  const ownsDb = !deps.db;
  const db = deps.db ?? (await createDatabase(config.database));
  await migrateToLatest(db);
  const redisUrl = config.scanService.redisUrl;
  const jobs = redisUrl ? createBullmqJobs(bullmqSettings(config.scanService, redisUrl)) : createInProcessJobs(log);
  const localJobs = jobs.backend === 'in-process' ? jobs : createInProcessJobs(log);
  const fleetJobs = redisUrl ? takenHere(jobs, bullmqSettings(config.scanService, redisUrl)) : jobs;
  const mailer = createMailer(config.mail, (line) => log.info(line));
  // Built once: the caller's scanner settings (tests) over the configured ones, with one resolver
  // for all; its servers are also where monitoring's own look-alike resolver asks.
  const guarded = webhookNetwork(config, deps.scanner?.network);
  const network = {
    ...deps.scanner?.network,
    ...guarded,
    dnsServers: deps.scanner?.network?.dnsServers ?? guarded.resolver.servers,
  } satisfies ScanNetworkOptions & WebhookNetwork;
  // Scans and monitoring read their network from the scanner settings: the same one.
  const scanner = { ...deps.scanner, network } satisfies ScannerOptions;
  const clock = deps.clock ?? systemClock;
  const entitlements = deps.entitlements?.(db) ?? createEntitlements({ db, clock });
  const allowance = deps.planAllowance?.(db) ?? createPlanQuotas({ db, clock });

  // Safe Browsing is asked only for plans with external reputation.
  const lookup = await createLookupModule({
    config,
    db,
    log,
    externalAllowed: (userId) => entitlements.allows(userId, 'external_reputation'),
    // Registries are reached like any scan target, through the egress guard (tests: a stand-in).
    registries: {
      network,
      ...(deps.scanner?.rdapBootstrapUrl ? { bootstrapUrl: deps.scanner.rdapBootstrapUrl } : {}),
    },
  });
  const capture = createScanCapture(config, log);
  await capture.ready();
  // The delivery log scan callbacks, monitor alerts and saved-search alerts go through.
  const webhooks = createWebhooksModule({
    config,
    db,
    jobs,
    mailer,
    log,
    network,
    senders: {
      scan_callback: scanCallbackSender(config, db),
      monitor_alert: monitorAlertSender(db, config.publicUrl),
      saved_search_alert: savedSearchAlertSender(config, db),
    },
  });
  const { deliveries } = webhooks;
  const scans = createScansModule({
    config,
    db,
    log,
    allowance,
    entitlements,
    scanner,
    capture,
    threatIntel: lookup.threatIntel,
    deliveries,
    jobs,
    // Monitoring follows up the page scans its runs asked for (built next, since it queues scans; asked only once scans run).
    onScanFinished: (scanUid) => monitoring.monitoring.onScanFinished(scanUid),
    certificateFirstSeen: (host) => hostFirstSeenInCtLogs(db, host),
  });
  const monitoring: MonitoringModule = createMonitoringModule({
    config,
    db,
    log,
    mailer,
    jobs,
    scanQueue: scans.queue,
    entitlements,
    deliveries,
    scanner,
  });

  return {
    db,
    jobs,
    localJobs,
    fleetJobs,
    mailer,
    network,
    clock,
    entitlements,
    allowance,
    lookup,
    capture,
    webhooks,
    scans,
    monitoring,
    workerJobs: [...scans.jobs, ...monitoring.jobs, ...webhooks.jobs],
    async startServing() {
      await lookup.startServing(localJobs);
      await webhooks.startServing();
      await scans.startServing();
      await monitoring.startServing();
    },
    async startWorking() {
      await lookup.startWorking(localJobs);
      monitoring.startWorking();
    },
    async close() {
      await monitoring.close();
      await capture.close();
      if (fleetJobs !== jobs) await fleetJobs.close();
      await jobs.close();
      if (localJobs !== jobs) await localJobs.close();
      if (ownsDb) await db.destroy();
    },
  };
}
