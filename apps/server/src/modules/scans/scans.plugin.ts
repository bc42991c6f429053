import type { ScannerOptions } from '@riskscan/scanner';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Entitlements } from '../billing/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { configuredScanCallbacks } from './scan-callbacks.ts';
import { scanQueueOn } from './scan-queue.ts';
import type { ScanRequestContext } from './scan-request.service.ts';
import type { ThreatIntel } from '../lookup/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import { defineScanJob, type ScanRunnerParts } from './scan-runtime.ts';
import { indexEarlierScans } from './search-backfill.ts';
import { unfinishedScanUids } from './scans.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scan service's queue, quotas, entitlements and settings, for the scan routes. */
    scans: ScanRequestContext;
  }
}

export type ScansPluginOptions = {
  config: Config;
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
  /** The job system (the composition root's one backend): scans are queued, and run when in-process. */
  jobs: Jobs;
  /** Told each scan that ended (monitoring's follow-ups). */
  onScanFinished?: ScanRunnerParts['onScanFinished'];
  /** When a host was first seen in a certificate log monitoring read (the report's `ct_first_seen`). */
  certificateFirstSeen?: ScanRunnerParts['certificateFirstSeen'];
};

/**
 * The scan queue as a capability. On BullMQ (REDIS_URL) scans are taken by `npm run worker`
 * processes; in-process they run here, and unfinished ones are taken up again at start.
 */
export const scansPlugin = fp<ScansPluginOptions>(
  async (app, options) => {
    const { config, allowance, jobs } = options;
    const scanJob = defineScanJob({
      config,
      db: app.db,
      allowance,
      log: app.log,
      capture: options.capture,
      threatIntel: options.threatIntel,
      deliveries: options.deliveries,
      scanner: options.scanner,
      onScanFinished: options.onScanFinished,
      certificateFirstSeen: options.certificateFirstSeen,
    });
    const queue = scanQueueOn(jobs, scanJob);
    if (jobs.backend === 'in-process') {
      app.addHook('onReady', async () => {
        for (const scanUid of await unfinishedScanUids(app.db)) await queue.enqueue(scanUid);
      });
    }
    app.decorate('scans', {
      db: app.db,
      queue,
      allowance,
      entitlements: options.entitlements,
      config: config.scanService,
      capture: options.capture,
      callbacks: configuredScanCallbacks(config, app.db, options.deliveries),
    } satisfies ScanRequestContext);
    app.addHook('onReady', async () => {
      // In the background: a large history must not hold up the start; searches fill in as it runs.
      void indexEarlierScans(app.db, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'indexing earlier scans failed'));
    });
  },
  { name: 'scans', dependencies: ['database', 'auth'] },
);
