import { createResolver, guardedFetch, GuardedFetchError, type FeedFormat } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { ReputationStore } from './reputation-store.ts';

/** A feed the server downloads on a schedule (REPUTATION_FEEDS). */
export type FeedSource = { source: string; format: FeedFormat; url: string };

export type FeedFetchLimits = { timeoutMs: number; maxBytes: number };

export class FeedDownloadError extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a feed document within a time and size budget. The configured URL is the operator's
 * own (it may be an internal mirror); where that server sends us is not: a redirect is followed
 * only through the scanner's egress guard, so a feed host cannot point the server at its own
 * network or a cloud metadata service.
 */
export async function downloadFeed(url: string, limits: FeedFetchLimits): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'manual' });
  const location = response.headers.get('location');
  if (REDIRECT_STATUSES.has(response.status) && location && URL.canParse(location, url)) {
    await response.body?.cancel();
    return downloadRedirected(new URL(location, url), limits);
  }
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

async function downloadRedirected(target: URL, limits: FeedFetchLimits): Promise<string> {
  const response = await guardedFetch(target, {
    resolver: createResolver({ servers: [] }),
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
  }).catch((error: unknown) => {
    throw new FeedDownloadError(error instanceof GuardedFetchError ? `${error.failedUrl}: ${error.message}` : String(error));
  });
  if (response.status < 200 || response.status > 299) throw new FeedDownloadError(`${response.url} answered HTTP ${response.status}`);
  if (response.truncated) throw new FeedDownloadError(`${response.url} is larger than ${limits.maxBytes} bytes`);
  return response.body.toString('utf8');
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

/**
 * One refresh of the reputation index: the lookup module's `reputation-feed-refresh` job, every
 * `REPUTATION_REFRESH_MINUTES` (and at start when feeds are configured). With no feeds configured
 * it only reloads the index, so every server process sees what another one imported.
 */
export async function refreshReputation(
  store: ReputationStore,
  feeds: FeedSource[],
  options: FeedFetchLimits & { log: FastifyBaseLogger },
): Promise<void> {
  if (feeds.length === 0) await store.reload();
  for (const outcome of await refreshFeeds(store, feeds, options)) {
    if ('error' in outcome) options.log.warn(outcome, 'reputation feed refresh failed');
    else options.log.info(outcome, 'reputation feed refreshed');
  }
}
