import { guardedFetch } from '@riskscan/scanner';
import { claimFeed, releaseFeed, watchedNames } from './discovery.repository.ts';
import { LookalikeMatcher, type NameMatch } from './lookalike-matcher.ts';
import { findLookalike, recordObservation } from './lookalikes.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';

export type DiscoverySource = 'ct-log' | 'nrd-feed';

/** The matcher over every watched domain, rebuilt from the database at most this often. */
const MATCHER_TTL_MS = 60_000;
const DAY_MS = 86_400_000;
/** A day's newly-registered list is a few hundred thousand names; anything far larger is not one. */
const NRD_MAX_BYTES = 64 * 1024 * 1024;
const NRD_RETRY_MS = 3_600_000;

export type Discovery = {
  /** Matches names against all monitors and records what is new; the look-alikes recorded. */
  consider(names: readonly string[], source: DiscoverySource): Promise<NameMatch[]>;
  /** The matcher over every watched domain, as `consider` uses it (rebuilt at most once a minute). */
  matcher(): Promise<Pick<LookalikeMatcher, 'match' | 'size'>>;
};

/**
 * Names from outside the permutations (certificates, new registrations) that look like a watched
 * domain join its look-alikes as `registered`: a certificate or a registration proves the name
 * exists. The monitor's next run resolves them, fetches their pages and moves them on.
 */
export function createDiscovery(ctx: MonitoringContext): Discovery {
  let matcher: { built: number; value: Promise<LookalikeMatcher> } | null = null;
  const current = () => {
    const now = Date.now();
    if (!matcher || now - matcher.built > MATCHER_TTL_MS)
      matcher = { built: now, value: watchedNames(ctx.db).then((names) => new LookalikeMatcher(names)) };
    return matcher.value;
  };
  return {
    matcher: current,
    async consider(names, source) {
      const index = await current();
      if (index.size === 0) return [];
      const matches = names.flatMap((name) => index.match(name));
      const recorded: NameMatch[] = [];
      const day = ctx.now().toISOString().slice(0, 10);
      for (const match of matches) {
        if (await findLookalike(ctx.db, match.monitorId, match.domain)) continue;
        await ctx.db.transaction().execute((trx) =>
          recordObservation(trx, {
            monitorId: match.monitorId,
            domain: match.domain,
            fuzzer: source,
            status: 'registered',
            facts: {},
            source: `${source}:${day}`,
            now: ctx.now(),
          }),
        );
        recorded.push(match);
      }
      return recorded;
    },
  };
}

/** One name a line, `#` comments and blank lines skipped: the format NRD lists are published in. */
export function parseNameList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The daily newly-registered-domain list (`NRD_FEED_URL`), taken by one worker a day and matched
 * against every monitor. The download goes through the egress guard like every other fetch.
 */
export async function refreshNrdFeed(ctx: MonitoringContext, discovery: Discovery): Promise<NameMatch[] | null> {
  const url = ctx.config.nrdFeedUrl;
  if (!url || !(await claimFeed(ctx.db, 'nrd', ctx.now(), DAY_MS))) return null;
  try {
    const response = await guardedFetch(url, { ...ctx.network, maxBytes: NRD_MAX_BYTES, timeoutMs: 120_000 });
    if (response.status !== 200) throw new Error(`NRD_FEED_URL answered HTTP ${response.status}`);
    return await discovery.consider(parseNameList(response.body.toString('utf8')), 'nrd-feed');
  } catch (error) {
    // The day is not lost: the claim is handed back so the list is tried again within the hour.
    await releaseFeed(ctx.db, 'nrd', new Date(ctx.now().getTime() - DAY_MS + NRD_RETRY_MS));
    throw error;
  }
}
