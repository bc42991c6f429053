import { readFile } from 'node:fs/promises';
import { PopularityIndex } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import { downloadFeed, type FeedFetchLimits } from './feed-refresh.ts';

/** Where a newer top-sites ranking comes from (POPULARITY_LIST_URL or POPULARITY_LIST_FILE). */
export type PopularitySettings = { url: string | null; file: string | null; refreshHours: number };

// A list this short is a truncated download or the wrong file, not a ranking: keep the one we have.
const MIN_DOMAINS = 1_000;

export class PopularityListError extends Error {}

/** Reads the configured ranking, or null when none is configured. */
export async function loadPopularity(settings: PopularitySettings, limits: FeedFetchLimits): Promise<PopularityIndex | null> {
  const text = settings.file ? await readFile(settings.file, 'utf8') : settings.url ? await downloadFeed(settings.url, limits) : null;
  if (text === null) return null;
  const index = PopularityIndex.parse(text);
  if (index.size < MIN_DOMAINS) throw new PopularityListError(`the ranking has ${index.size} domains, fewer than ${MIN_DOMAINS}`);
  return index;
}

/** `first` settles once the first read has ended, loaded or not. */
export type PopularitySchedule = { first: Promise<void>; stop(): void };

/**
 * Reads the ranking at start and every `refreshHours`, handing each good one to `use`. Each
 * process keeps its own index in memory (like the reputation index), so each reads the list
 * itself; a failed read keeps the ranking it has.
 */
export function schedulePopularityRefresh(
  settings: PopularitySettings,
  use: (index: PopularityIndex) => void,
  options: FeedFetchLimits & { log: FastifyBaseLogger },
): PopularitySchedule {
  if (!settings.url && !settings.file) return { first: Promise.resolve(), stop: () => undefined };
  const tick = async () => {
    try {
      const index = await loadPopularity(settings, options);
      if (!index) return;
      use(index);
      options.log.info({ domains: index.size, list: index.source.list }, 'popularity ranking loaded');
    } catch (error) {
      options.log.warn({ err: error }, 'popularity ranking refresh failed; keeping the current one');
    }
  };
  const first = tick();
  if (settings.refreshHours <= 0) return { first, stop: () => undefined };
  const timer = setInterval(() => void tick(), settings.refreshHours * 3_600_000);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
