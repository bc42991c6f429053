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

/**
 * One read of the ranking, handing a good one to `use`: the lookup module's `popularity-refresh`
 * job, at start and every `refreshHours`. Each process keeps its own index in memory (like the
 * reputation index), so each reads the list itself; a failed read keeps the ranking it has.
 */
export async function refreshPopularity(
  settings: PopularitySettings,
  use: (index: PopularityIndex) => void,
  options: FeedFetchLimits & { log: FastifyBaseLogger },
): Promise<void> {
  try {
    const index = await loadPopularity(settings, options);
    if (!index) return;
    use(index);
    options.log.info({ domains: index.size, list: index.source.list }, 'popularity ranking loaded');
  } catch (error) {
    options.log.warn({ err: error }, 'popularity ranking refresh failed; keeping the current one');
  }
}
