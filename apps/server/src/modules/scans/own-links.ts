import type { CheckResult, ScanOptions, ViewerView } from '@riskscan/contracts';
import type { FastifyRequest } from 'fastify';

/** Paths this server serves for results: screenshots and flags. Results store them as paths. */
const OWN_PATH = /^\/(?:screenshots|flags)\//;

/** The origin the caller reached us by (scheme and host, port included), so links work from any address. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * One of our own links on `origin`: a stored path, or an absolute link made before results kept
 * paths (on `PUBLIC_URL`, which may not be the address the caller uses). Other links pass as they are.
 */
export function onOrigin(link: string, origin: string): string;
export function onOrigin(link: string | null, origin: string): string | null;
export function onOrigin(link: string | null, origin: string): string | null {
  if (!link) return link;
  const parsed = URL.canParse(link) ? new URL(link) : URL.canParse(link, origin) ? new URL(link, origin) : null;
  return parsed && OWN_PATH.test(parsed.pathname) ? `${origin}${parsed.pathname}` : link;
}

/** A result whose screenshot, thumbnail and flag links point at `origin`. */
export function resultOnOrigin(result: CheckResult, origin: string): CheckResult {
  const capture = result.capture && {
    ...result.capture,
    screenshot: onOrigin(result.capture.screenshot, origin),
    thumbnail: onOrigin(result.capture.thumbnail, origin),
  };
  const view = (seen: ViewerView): ViewerView => ({ ...seen, screenshot_link: onOrigin(seen.screenshot_link, origin) });
  const viewers = result.viewers && {
    ...result.viewers,
    first: view(result.viewers.first),
    others: result.viewers.others.map((other) => ({ ...other, view: view(other.view) })),
  };
  return {
    ...result,
    screenshot_link: onOrigin(result.screenshot_link, origin),
    geo_location: { ...result.geo_location, country_flag: onOrigin(result.geo_location.country_flag, origin) },
    ...(capture ? { capture } : {}),
    ...(viewers ? { viewers } : {}),
  };
}

/** The scan options with the country flags on `origin`. */
export function scanOptionsOnOrigin(options: ScanOptions, origin: string): ScanOptions {
  return { ...options, proxies: options.proxies.map((proxy) => ({ ...proxy, icon: onOrigin(proxy.icon, origin) })) };
}
