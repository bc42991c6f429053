import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { type FeedSchedule, scheduleFeedRefresh } from './feed-refresh.ts';
import { LookupService } from './lookup.service.ts';
import { type PopularitySchedule, schedulePopularityRefresh } from './popularity-refresh.ts';
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
};

export type LookupModule = {
  reputation: ReputationStore;
  lookup: LookupService;
  /** The scan runner's view of both. */
  threatIntel: ThreatIntel;
  /** An API process imports the feeds and reads the popularity ranking, each on its schedule. */
  startServing(): void;
  /** A worker reloads the index at the feed refresh interval (the API processes import the feeds). */
  startWorking(): void;
  close(): void;
};

const MINUTE_MS = 60_000;
const FEED_TIMEOUT_MS = 120_000;
// A million ranked domains as CSV are about 25 MB.
const POPULARITY_MAX_BYTES = 64 * 1024 * 1024;

/** The reputation index (loaded from the database before this returns) and the lookup service over it. */
export async function createLookupModule(deps: LookupModuleDeps): Promise<LookupModule> {
  const { config, db, log } = deps;
  const { reputation } = config;
  const store = new ReputationStore(db, reputation.maxAgeDays);
  await store.reload();
  const lookup = new LookupService(store, { safeBrowsing: safeBrowsingSettings(reputation, config.version), log });
  const stops: (() => void)[] = [];
  return {
    reputation: store,
    lookup,
    threatIntel: threatIntelOf(lookup, store, deps.externalAllowed),
    startServing() {
      const popularity: PopularitySchedule = schedulePopularityRefresh(reputation.popularity, (index) => lookup.usePopularity(index), {
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: POPULARITY_MAX_BYTES,
        log,
      });
      stops.push(() => popularity.stop());
      if (reputation.refreshMinutes > 0) {
        const schedule: FeedSchedule = scheduleFeedRefresh(store, reputation.feeds, {
          intervalMs: reputation.refreshMinutes * MINUTE_MS,
          timeoutMs: FEED_TIMEOUT_MS,
          maxBytes: reputation.feedMaxBytes,
          log,
        });
        stops.push(() => schedule.stop());
      }
    },
    startWorking() {
      if (reputation.refreshMinutes <= 0) return;
      const timer = setInterval(
        () => store.reload().catch((error: unknown) => log.warn({ err: error }, 'reputation reload failed')),
        reputation.refreshMinutes * MINUTE_MS,
      );
      timer.unref();
      stops.push(() => clearInterval(timer));
    },
    close() {
      for (const stop of stops) stop();
    },
  };
}
