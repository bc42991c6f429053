import type { ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { BullmqSettings } from '../../jobs/bullmq-queue.ts';
import type { JobPolicy, ScanJobHandler } from '../../jobs/scan-queue.ts';
import { createAiSummarizer } from '../ai-summary/index.ts';
import { networkListingSource } from '../lookup/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import type { PlanAllowance } from './plan-allowance.ts';
import { createScanJobHandler, type ScanRunnerContext } from './scan-runner.ts';
import { configuredScanCallbacks } from './scan-callbacks.ts';
import { publicScanTallyOnAsn, publicUrlsOnIp } from './scans.repository.ts';

/** Retries, back-off and concurrency from the configuration. */
export function jobPolicy(config: Config['scanService']): JobPolicy {
  return { attempts: config.attempts, retryDelayMs: config.retryDelayMs, concurrency: config.workerConcurrency };
}

export function bullmqSettings(config: Config['scanService'], redisUrl: string): BullmqSettings {
  return { redisUrl, queueName: config.queueName, policy: jobPolicy(config), lockMs: config.jobLockMs };
}

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
  };
}

/** The one way a scan runner is built: the in-process queue (`scans.plugin.ts`) and `worker.ts` both call this. */
export function createScanRunner(parts: ScanRunnerParts): ScanJobHandler {
  return createScanJobHandler(createScanRunnerContext(parts));
}
