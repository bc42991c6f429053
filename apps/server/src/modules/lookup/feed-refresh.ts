import type { FeedFormat } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { ReputationStore } from './reputation-store.ts';

/** A feed the server downloads on a schedule (REPUTATION_FEEDS). */
export type FeedSource = { source: string; format: FeedFormat; url: string };

export type FeedFetchLimits = { timeoutMs: number; maxBytes: number };

export class FeedDownloadError extends Error {}

/**
 * Downloads a feed document within a time and size budget. Feed URLs come from the operator's
 * configuration, never from users, so they do not go through the scanner's egress guard.
 */
export async function downloadFeed(url: string, limits: FeedFetchLimits): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
  if (!response.ok || !response.body) throw new FeedDownloadError(`${url} answered HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limits.maxBytes) throw new FeedDownloadError(`${url} is larger than ${limits.maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type RefreshOutcome = { source: string; entries: number } | { source: string; error: string };

/** Downloads and imports every configured feed; one failing feed does not stop the others. */
export async function refreshFeeds(store: ReputationStore, feeds: FeedSource[], limits: FeedFetchLimits): Promise<RefreshOutcome[]> {
  const outcomes: RefreshOutcome[] = [];
  for (const feed of feeds) {
    try {
      const text = await downloadFeed(feed.url, limits);
      const result = await store.importFeed({ source: feed.source, format: feed.format, text, origin: feed.url });
      outcomes.push({ source: feed.source, entries: result.entries });
    } catch (error) {
      outcomes.push({ source: feed.source, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}

export type FeedSchedule = { stop(): void };

/**
 * Refreshes the feeds every `intervalMs`; with no feeds configured it only reloads the index, so
 * every server process sees what another one imported.
 */
export function scheduleFeedRefresh(
  store: ReputationStore,
  feeds: FeedSource[],
  options: FeedFetchLimits & { intervalMs: number; log: FastifyBaseLogger },
): FeedSchedule {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (feeds.length === 0) await store.reload();
      for (const outcome of await refreshFeeds(store, feeds, options)) {
        if ('error' in outcome) options.log.warn(outcome, 'reputation feed refresh failed');
        else options.log.info(outcome, 'reputation feed refreshed');
      }
    } catch (error) {
      options.log.error({ err: error }, 'reputation refresh failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  if (feeds.length > 0) void tick();
  return { stop: () => clearInterval(timer) };
}
