import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ScanNetworkOptions } from '@riskscan/scanner';
import type { Config } from '../../config.ts';
import { DomainAges, rdapRegistered } from './domain-ages.ts';
import { type FeedSchedule, scheduleFeedRefresh } from './feed-refresh.ts';
import { LookupService } from './lookup.service.ts';
import { type PopularitySchedule, schedulePopularityRefresh } from './popularity-refresh.ts';
import { ReputationStore } from './reputation-store.ts';
import { safeBrowsingSettings } from './threat-intel.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Known-bad URLs in memory; `publish` and `retract` keep our own verdicts in it. */
    reputation: ReputationStore;
    /** Fast URL verdicts (in-process engine plus Safe Browsing when configured). */
    lookup: LookupService;
  }
}

export type LookupPluginOptions = {
  reputation: Config['reputation'];
  version: string;
  /** How registries are reached for domain age (the scans' network; tests: a stand-in registry's bootstrap). */
  registries?: { network: ScanNetworkOptions; bootstrapUrl?: string };
};

const MINUTE_MS = 60_000;
const FEED_TIMEOUT_MS = 120_000;
// A million ranked domains as CSV are about 25 MB.
const POPULARITY_MAX_BYTES = 64 * 1024 * 1024;

/** Loads the reputation index at start, keeps it fresh, and offers the lookup service. */
export const lookupPlugin = fp<LookupPluginOptions>(
  async (app: FastifyInstance, { reputation, version, registries }) => {
    const store = new ReputationStore(app.db, reputation.maxAgeDays);
    await store.reload();
    const safeBrowsing = safeBrowsingSettings(reputation, version);
    app.decorate('reputation', store);
    const domainAges =
      reputation.domainAge && registries ? new DomainAges(rdapRegistered(registries.network, registries.bootstrapUrl)) : null;
    const lookup = new LookupService(store, { safeBrowsing, domainAges, log: app.log });
    app.decorate('lookup', lookup);

    let popularity: PopularitySchedule | null = null;
    app.addHook('onReady', async () => {
      popularity = schedulePopularityRefresh(reputation.popularity, (index) => lookup.usePopularity(index), {
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: POPULARITY_MAX_BYTES,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => popularity?.stop());

    let schedule: FeedSchedule | null = null;
    if (reputation.refreshMinutes > 0) {
      app.addHook('onReady', async () => {
        schedule = scheduleFeedRefresh(store, reputation.feeds, {
          intervalMs: reputation.refreshMinutes * MINUTE_MS,
          timeoutMs: FEED_TIMEOUT_MS,
          maxBytes: reputation.feedMaxBytes,
          log: app.log,
        });
      });
      app.addHook('onClose', async () => schedule?.stop());
    }
  },
  { name: 'lookup', dependencies: ['database'] },
);
