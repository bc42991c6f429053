import type { ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition, Jobs } from '../../jobs/index.ts';
import type { Entitlements } from '../billing/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { countUnfinishedScans, oldestQueuedScanAgeSeconds } from './queue-figures.repository.ts';
import { configuredScanCallbacks } from './scan-callbacks.ts';
import { type ScanQueue, scanQueueOn } from './scan-queue.ts';
import type { ScanRequestContext } from './scan-request.service.ts';
import type { ThreatIntel } from '../lookup/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import { defineScanJob, type ScanRunnerParts } from './scan-runtime.ts';
import { indexEarlierScans } from './search-backfill.ts';
import { unfinishedScanUids } from './scans.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scan service's queue, quotas, entitlements and settings, for the scan routes (decorated by `app.ts`). */
    scans: ScanRequestContext;
  }
}

export type ScansModuleDeps = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Quotas: the memberships module's in production. */
  allowance: PlanAllowance;
  /** What each plan allows (billing). */
  entitlements: Pick<Entitlements, 'allows' | 'planName'>;
  /** Extra scanner settings (tests: the fixture world's resolver and CA). */
  scanner?: ScannerOptions | undefined;
  /** The browser pool, scan locations and user agents (screenshots). */
  capture: ScanCapture;
  /** The fast verdict and our own indicators (lookup). */
  threatIntel: ThreatIntel;
  /** Where scan callbacks are queued and first tried (webhooks). */
  deliveries: Deliveries;
  /** The job system (the assembly's one backend): scans are queued, and run when in-process. */
  jobs: Jobs;
  /** Told each scan that ended (monitoring's follow-ups). */
  onScanFinished?: ScanRunnerParts['onScanFinished'];
  /** When a host was first seen in a certificate log monitoring read (the report's `ct_first_seen`). */
  certificateFirstSeen?: ScanRunnerParts['certificateFirstSeen'];
};

export type ScansModule = {
  /** What the scan routes and other callers of `requestScan` use. */
  context: ScanRequestContext;
  queue: ScanQueue;
  /** The scan job, for whatever runs it (this process in-process, `npm run worker` on BullMQ). */
  jobs: JobDefinition<never>[];
  /** Scans waiting or running across the fleet, and how long the oldest waiting one has waited (metrics shows them). */
  queueFigures: {
    unfinished(): Promise<{ queued: number; running: number }>;
    oldestQueuedAgeSeconds(): Promise<number>;
  };
  /**
   * Starts what an API process does at start: in-process, unfinished scans are queued again; the
   * search index of earlier scans fills in the background.
   */
  startServing(): Promise<void>;
};

/**
 * The scan queue as one factory. On BullMQ (REDIS_URL) scans are taken by `npm run worker`
 * processes; in-process they run in the API process.
 */
export function createScansModule(deps: ScansModuleDeps): ScansModule {
  const { config, db, log, allowance, jobs } = deps;
  const scanJob = defineScanJob({
    config,
    db,
    allowance,
    log,
    capture: deps.capture,
    threatIntel: deps.threatIntel,
    deliveries: deps.deliveries,
    scanner: deps.scanner,
    onScanFinished: deps.onScanFinished,
    certificateFirstSeen: deps.certificateFirstSeen,
  });
  const queue = scanQueueOn(jobs, scanJob);
  return {
    context: {
      db,
      queue,
      allowance,
      entitlements: deps.entitlements,
      config: config.scanService,
      capture: deps.capture,
      callbacks: configuredScanCallbacks(config, db, deps.deliveries),
    },
    queue,
    jobs: [scanJob],
    queueFigures: { unfinished: () => countUnfinishedScans(db), oldestQueuedAgeSeconds: () => oldestQueuedScanAgeSeconds(db) },
    async startServing() {
      if (jobs.backend === 'in-process') {
        for (const scanUid of await unfinishedScanUids(db)) await queue.enqueue(scanUid);
      }
      // In the background: a large history must not hold up the start; searches fill in as it runs.
      void indexEarlierScans(db, log).catch((error: unknown) => log.warn({ err: error }, 'indexing earlier scans failed'));
    },
  };
}
