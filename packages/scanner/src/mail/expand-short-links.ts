import { guardedFetch, GuardedFetchError, type GuardedFetchOptions } from '../net/guarded-fetch.ts';
import { isShortener } from '../url-knowledge/index.ts';

/** Bounds of shortener expansion for one message upload. */
export const EXPANSION_LIMITS = {
  /** Short links expanded per upload; the others stay "unknown until expanded". */
  links: 20,
  /** Redirects followed from one short link. */
  hops: 5,
  /** Requests in flight at once. */
  concurrency: 4,
  /** Time for all of them together. */
  budgetMs: 8_000,
} as const;

/** Where a short link leads: the last address reached, or why it could not be followed. */
export type ShortLinkExpansion = {
  /** The address the redirects end at; null when they could not be followed to the end. */
  final_url: string | null;
  /** Redirects followed. */
  hops: number;
  /** Why the expansion stopped short (a refusal of the egress guard, a timeout, too many hops); null when it finished. */
  error: string | null;
};

// Shorteners that refuse HEAD answer one of these; the link is asked again with GET.
const HEAD_REFUSED = new Set([400, 403, 404, 405, 501]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export type ExpansionNetwork = Omit<GuardedFetchOptions, 'method' | 'followRedirects' | 'signal' | 'maxRedirects' | 'maxBytes'>;

/** One request to `url`, without following it: HEAD first, GET when HEAD is refused. */
async function nextHop(url: string, network: ExpansionNetwork, signal: AbortSignal): Promise<string | null> {
  const ask = (method: 'HEAD' | 'GET') => guardedFetch(url, { ...network, method, followRedirects: false, maxBytes: 16 * 1024, signal });
  let response = await ask('HEAD');
  if (HEAD_REFUSED.has(response.status)) response = await ask('GET');
  const location = response.headers.location;
  if (!REDIRECT.has(response.status) || !location || !URL.canParse(location, url)) return null;
  return new URL(location, url).href;
}

async function expandOne(url: string, network: ExpansionNetwork, signal: AbortSignal): Promise<ShortLinkExpansion> {
  let current = url;
  for (let hops = 0; ; hops++) {
    let next: string | null;
    try {
      next = await nextHop(current, network, signal);
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      const why = error.code === 'timeout' ? `Not expanded within ${EXPANSION_LIMITS.budgetMs / 1000} s.` : error.message;
      return { final_url: null, hops, error: `${new URL(error.failedUrl).host}: ${why}` };
    }
    if (next === null) return { final_url: current, hops, error: null };
    if (hops + 1 > EXPANSION_LIMITS.hops) {
      return { final_url: null, hops, error: `More than ${EXPANSION_LIMITS.hops} redirects (hop limit ${EXPANSION_LIMITS.hops}).` };
    }
    current = next;
  }
}

/**
 * Follows the links on known shorteners to where they lead, every request through the egress
 * guard (a redirect to an internal address is refused like any other target): HEAD, then GET if
 * HEAD is refused; at most `EXPANSION_LIMITS.hops` redirects per link, `concurrency` requests at
 * once and `budgetMs` for them all. Answers an expansion for each short link among the first
 * `links` of them; other URLs are left out.
 */
export async function expandShortLinks(urls: readonly string[], network: ExpansionNetwork): Promise<Map<string, ShortLinkExpansion>> {
  const short = [...new Set(urls)]
    .filter((url) => URL.canParse(url) && isShortener(new URL(url).hostname))
    .slice(0, EXPANSION_LIMITS.links);
  const signal = AbortSignal.timeout(EXPANSION_LIMITS.budgetMs);
  const expansions: ShortLinkExpansion[] = [];
  let next = 0;
  const worker = async () => {
    while (next < short.length) {
      const index = next++;
      expansions[index] = await expandOne(short[index]!, { ...network, timeoutMs: EXPANSION_LIMITS.budgetMs }, signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPANSION_LIMITS.concurrency, short.length) }, worker));
  return new Map(short.map((url, index) => [url, expansions[index]!]));
}
