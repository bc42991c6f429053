import type { FastifyBaseLogger } from 'fastify';
import type { ScanNetworkOptions } from '@riskscan/scanner';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { defineJob, type JobDefinition, type Jobs } from '../../jobs/index.ts';
import { DomainAges, rdapRegistered } from './domain-ages.ts';
import { refreshReputation } from './feed-refresh.ts';
import { LookupService } from './lookup.service.ts';
import { refreshPopularity } from './popularity-refresh.ts';
import { ReputationStore } from './reputation-store.ts';
import { safeBrowsingSettings, type ThreatIntel, threatIntelOf } from './threat-intel.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Known-bad URLs in memory; `publish` and `retract` keep our own verdicts in it (decorated by `app.ts`). */
    reputation: ReputationStore;
    /** Fast URL verdicts (in-process engine plus Safe Browsing when configured; decorated by `app.ts`). */
    lookup: LookupService;
  }
}

export type LookupModuleDeps = {
  config: Pick<Config, 'reputation' | 'version'>;
  db: Db;
  log: FastifyBaseLogger;
  /** Whether an account's plan may ask Google Safe Browsing (billing's entitlements). */
  externalAllowed: (userId: number) => Promise<boolean>;
  /** How registries are reached for domain age (the scans' network; tests: a stand-in registry's bootstrap). */
  registries?: { network: ScanNetworkOptions; bootstrapUrl?: string };
};

export type LookupModule = {
  reputation: ReputationStore;
  lookup: LookupService;
  /** The scan runner's view of both. */
  threatIntel: ThreatIntel;
  /**
   * An API process reads the popularity ranking (at start, then every `POPULARITY_REFRESH_HOURS`)
   * and imports the feeds (every `REPUTATION_REFRESH_MINUTES`, at start too when feeds are
   * configured), as jobs on this process's own runner: each process keeps its indexes in memory.
   */
  startServing(local: Jobs): Promise<void>;
  /** A worker reloads the index every `REPUTATION_REFRESH_MINUTES` (the API processes import the feeds). */
  startWorking(local: Jobs): Promise<void>;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const FEED_TIMEOUT_MS = 120_000;
// A million ranked domains as CSV are about 25 MB.
const POPULARITY_MAX_BYTES = 64 * 1024 * 1024;
// None of these is retried: the next beat does the same, and a failed read keeps what the index has.
const ONCE = { attempts: 1, backoff: { type: 'fixed', delayMs: 0 } } as const;

/** The reputation index (loaded from the database before this returns) and the lookup service over it. */
export async function createLookupModule(deps: LookupModuleDeps): Promise<LookupModule> {
  const { config, db, log } = deps;
  const { reputation } = config;
  const store = new ReputationStore(db, reputation.maxAgeDays);
  await store.reload();
  const { registries } = deps;
  const domainAges =
    reputation.domainAge && registries ? new DomainAges(rdapRegistered(registries.network, registries.bootstrapUrl)) : null;
  const lookup = new LookupService(store, { safeBrowsing: safeBrowsingSettings(reputation, config.version), domainAges, log });

  const popularityRefresh = defineJob<Record<string, never>>(
    'popularity-refresh',
    () =>
      refreshPopularity(reputation.popularity, (index) => lookup.usePopularity(index), {
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: POPULARITY_MAX_BYTES,
        log,
      }),
    { ...ONCE, timeoutMs: 10 * MINUTE_MS },
  );
  const feedRefresh = defineJob<Record<string, never>>(
    'reputation-feed-refresh',
    () => refreshReputation(store, reputation.feeds, { timeoutMs: FEED_TIMEOUT_MS, maxBytes: reputation.feedMaxBytes, log }),
    // Each feed has its own download limit; the whole pass gets room for several.
    { ...ONCE, timeoutMs: 30 * MINUTE_MS },
  );
  const reload = defineJob<Record<string, never>>('reputation-reload', () => store.reload(), { ...ONCE, timeoutMs: 5 * MINUTE_MS });
  // The job's name as id: a start-up run still going when the first beat comes is not doubled.
  const now = (local: Jobs, job: JobDefinition<Record<string, never>>) => local.enqueue(job, {}, { id: job.name });

  return {
    reputation: store,
    lookup,
    threatIntel: threatIntelOf(lookup, store, deps.externalAllowed),
    async startServing(local) {
      const { popularity } = reputation;
      if (popularity.url || popularity.file) {
        await now(local, popularityRefresh);
        if (popularity.refreshHours > 0) await local.every(popularityRefresh, popularity.refreshHours * HOUR_MS, {});
      }
      if (reputation.refreshMinutes > 0) {
        await local.every(feedRefresh, reputation.refreshMinutes * MINUTE_MS, {});
        if (reputation.feeds.length > 0) await now(local, feedRefresh);
      }
    },
    async startWorking(local) {
      if (reputation.refreshMinutes > 0) await local.every(reload, reputation.refreshMinutes * MINUTE_MS, {});
    },
  };
}
