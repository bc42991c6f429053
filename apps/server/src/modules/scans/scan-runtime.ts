import type { ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { defineJob, type JobDefinition, type JobFailedForGood, type JobHandler } from '../../jobs/index.ts';
import { createAiSummarizer } from '../ai-summary/index.ts';
import { networkListingSource } from '../lookup/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { createScanAdmission } from './scan-admission.ts';
import { createScanJobHandler, recordScanFailure, type ScanRunnerContext } from './scan-runner.ts';
import { configuredSavedSearchAlerts } from '../saved-searches/index.ts';
import { configuredScanCallbacks } from './scan-callbacks.ts';
import { SCAN_JOB, type ScanJobPayload } from './scan-queue.ts';
import { publicScanTallyOnAsn, publicUrlsOnIp } from './scans.repository.ts';

/** The IP checks' server-side sources, from our own public scans. */
function ownScanHistory(db: Db): Pick<ScannerOptions, 'reverseIpLookup' | 'networkReputation'> {
  return {
    reverseIpLookup: async (ip) => (await publicUrlsOnIp(db, ip)).map((url) => new URL(url).hostname),
    networkReputation: async (asn) => {
      const tally = await publicScanTallyOnAsn(db, asn);
      return tally.scans > 0 ? tally : null;
    },
  };
}

/** The IP checks' configured outside sources: the criminal-network blocklist and passive DNS. */
function outsideSources(config: Config['extendedSources'], log: FastifyBaseLogger): Pick<ScannerOptions, 'networkListing' | 'passiveDns'> {
  return {
    ...(config.networkBlocklist ? { networkListing: networkListingSource(config.networkBlocklist, log) } : {}),
    ...(config.passiveDns ? { passiveDns: config.passiveDns } : {}),
  };
}

/** What a scan runner is built from; the API process passes its decorations, `worker.ts` its own copies. */
export type ScanRunnerParts = {
  config: Config;
  db: Db;
  allowance: PlanAllowance;
  log: FastifyBaseLogger;
  capture: ScanRunnerContext['capture'];
  threatIntel: ScanRunnerContext['threatIntel'];
  /** Where a scan's callback is queued and first tried (webhooks). */
  deliveries: Pick<Deliveries, 'deliverNow'>;
  scanner?: ScannerOptions | undefined;
  /** Told the uid of each scan that reached `done` or `failed` for good (the composition root wires monitoring's follow-ups). */
  onScanFinished?: ((scanUid: string) => Promise<void>) | undefined;
  certificateFirstSeen?: ScanRunnerContext['certificateFirstSeen'];
};

/**
 * What running scans needs. `scanner` adds to the network settings from the configuration (tests
 * pass their fixture world).
 */
export function createScanRunnerContext(parts: ScanRunnerParts): ScanRunnerContext {
  const { config, scanner = {} } = parts;
  return {
    db: parts.db,
    scanner: {
      ...ownScanHistory(parts.db),
      ...outsideSources(config.extendedSources, parts.log),
      ...scanner,
      network: {
        dnsServers: config.scanner.dnsServers,
        allowPrivateNetworks: config.scanner.allowPrivateNetworks,
        connectPorts: config.scanner.connectPorts,
        ...scanner.network,
      },
    },
    capture: parts.capture,
    threatIntel: parts.threatIntel,
    timeLimitMs: config.scanService.timeLimitMs,
    summarizer: createAiSummarizer(config.scanService.llm),
    allowance: parts.allowance,
    log: parts.log,
    callbacks: configuredScanCallbacks(config, parts.db, parts.deliveries),
    savedSearches: configuredSavedSearchAlerts(config, parts.db, parts.deliveries),
    onScanFinished: parts.onScanFinished,
    certificateFirstSeen: parts.certificateFirstSeen,
  };
}

/**
 * The scan job, defined once (`scans.module.ts`, from `assemble.ts`) for the API process and `worker.ts`: its policy is
 * the configured one, and its runner is built the first time a scan runs in this process (an API
 * process on BullMQ only queues scans).
 */
export function defineScanJob(parts: ScanRunnerParts): JobDefinition<ScanJobPayload> {
  const config = parts.config.scanService;
  let built: { run: JobHandler<ScanJobPayload>; failed: JobFailedForGood<ScanJobPayload> } | undefined;
  const runner = () => {
    if (!built) {
      const ctx = createScanRunnerContext(parts);
      built = { run: createScanJobHandler(ctx, createScanAdmission(config.workerConcurrency)), failed: recordScanFailure(ctx) };
    }
    return built;
  };
  return defineJob<ScanJobPayload>(
    SCAN_JOB,
    (payload, attempt, deadline) => runner().run(payload, attempt, deadline),
    {
      attempts: config.attempts,
      backoff: { type: 'exponential', delayMs: config.retryDelayMs },
      // One clock per scan: the attempt, storing included, ends at SCAN_TIME_LIMIT_MS.
      timeoutMs: config.timeLimitMs,
      concurrency: config.workerConcurrency,
      // The queue scans always had, so scans queued before an upgrade are still taken.
      queueName: config.queueName,
    },
    { failedForGood: (payload, error) => runner().failed(payload, error) },
  );
}
