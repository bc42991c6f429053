import { FETCH_LIMITS, guardedFetch, GuardedFetchError, type GuardedFetchOptions, type GuardedResponse } from '../net/guarded-fetch.ts';
import { describeCertificate } from '../net/tls-certificate.ts';
import type { ResolvedAddress } from '../net/resolver.ts';
import { untilAborted } from '../net/until-aborted.ts';
import { decodeBody } from '../page/charset.ts';
import { isProgramDownload } from '../page/file-types.ts';
import { parsePage } from '../page/page-facts.ts';
import { findScriptRedirect } from '../page/script-redirect.ts';
import { isPageResponse, type Collected, type CollectFailure, type RedirectStep, type StaticResponse } from './collected.ts';

/** Meta refreshes slower than this are a "read this first" page, not a redirect. */
const META_REFRESH_MAX_DELAY_S = 10;

export interface CollectOptions extends Omit<GuardedFetchOptions, 'maxRedirects'> {
  maxRedirects?: number;
  now?: Date;
}

function toStaticResponse(response: GuardedResponse): StaticResponse {
  const contentType = response.headers['content-type'] ?? null;
  const { text, charset } = decodeBody(response.body, contentType);
  return {
    status: response.status,
    headers: response.headers,
    contentType,
    charset,
    body: text,
    bytes: response.body.length,
    truncated: response.truncated,
  };
}

/** The next page a meta refresh or simple script redirect sends the visitor to, if any. */
function clientRedirect(response: StaticResponse, url: string): { to: string; kind: RedirectStep['kind'] } | null {
  if (!isPageResponse(response)) return null;
  const page = parsePage(response.body, url);
  // Downloads are not pages: the checks read them off the page that triggers them.
  const followable = (target: string | null | undefined): target is string =>
    !!target && target !== url && /^https?:/i.test(target) && !isProgramDownload(target);
  const refresh = page.metaRefresh;
  if (refresh && refresh.delaySeconds <= META_REFRESH_MAX_DELAY_S && followable(refresh.url))
    return { to: refresh.url, kind: 'meta-refresh' };
  const scripted = findScriptRedirect(page.scripts, url);
  if (followable(scripted)) return { to: scripted, kind: 'script' };
  return null;
}

async function addressesOf(hostname: string, options: CollectOptions): Promise<ResolvedAddress[]> {
  try {
    return await untilAborted(options.resolver.resolve(hostname), AbortSignal.timeout(options.timeoutMs ?? FETCH_LIMITS.timeoutMs));
  } catch {
    return [];
  }
}

/**
 * The static stage: fetch the URL through the egress guard, follow HTTP, meta-refresh and simple
 * script redirects (one budget for all), decode the final body and describe the final host's
 * certificate. Failures are recorded, not thrown: an unreachable or refused target is a result.
 */
export async function collectStatic(url: string, options: CollectOptions): Promise<Collected> {
  const now = options.now ?? new Date();
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;
  const redirects: RedirectStep[] = [];
  // The host's records are a fact of their own (reported even when the fetch is refused); look them up alongside the fetch.
  const addresses = addressesOf(new URL(url).hostname.replace(/^\[|\]$/g, ''), options);
  const collected: Collected = {
    requestedUrl: url,
    finalUrl: url,
    redirects,
    addresses: [],
    finalAddress: null,
    response: null,
    failure: null,
    tls: null,
    rendered: null,
    collectedAt: now.toISOString(),
  };

  try {
    await followAll(url, collected, options, maxRedirects, now);
  } finally {
    collected.addresses = await addresses;
  }
  return collected;
}

/** Fetches `url` and follows every redirect kind within one budget, filling `collected` as it goes. */
async function followAll(url: string, collected: Collected, options: CollectOptions, maxRedirects: number, now: Date): Promise<void> {
  const redirects = collected.redirects;
  let current = url;
  for (;;) {
    let response: GuardedResponse;
    try {
      response = await guardedFetch(current, { ...options, maxRedirects: maxRedirects - redirects.length });
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      // A script redirect read from the code may never run (it sits in a click handler): when its
      // target cannot be fetched (or the guard refuses it), the page that holds it is the page, and
      // the browser renders it.
      const last = redirects.at(-1);
      if (last?.kind === 'script' && last.to === current) {
        redirects.pop();
        return;
      }
      for (const hop of error.hops) redirects.push({ from: hop.url, to: hop.location, kind: 'http', status: hop.status });
      collected.finalUrl = error.failedUrl;
      collected.failure = failureOf(error);
      return;
    }
    for (const hop of response.hops) redirects.push({ from: hop.url, to: hop.location, kind: 'http', status: hop.status });
    const staticResponse = toStaticResponse(response);
    collected.finalUrl = response.url;
    collected.finalAddress = response.address.address;
    collected.response = staticResponse;
    collected.tls = response.tls ? describeCertificate(response.tls, new URL(response.url).hostname, now) : null;

    const next = clientRedirect(staticResponse, response.url);
    if (!next) return;
    if (redirects.length >= maxRedirects) {
      collected.failure = { code: 'too_many_redirects', message: `More than ${maxRedirects} redirects`, url: next.to, refused: false };
      return;
    }
    redirects.push({ from: response.url, to: next.to, kind: next.kind, status: staticResponse.status });
    current = next.to;
  }
}

function failureOf(error: GuardedFetchError): CollectFailure {
  return { code: error.code, message: error.message, url: error.failedUrl, refused: error.refused, errno: error.errno };
}
