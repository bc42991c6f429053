import type { Unreachable } from '@riskscan/contracts';
import { collectStatic, type CollectOptions } from './collect-static.ts';
import type { Collected } from './collected.ts';
import { answered, reachabilityOf } from './reachability.ts';

/** Failures after which a browser tries the same address over plain http. */
const FALLBACK_REASONS = new Set<Unreachable['reason']>(['refused', 'timeout', 'tls', 'network']);

export interface CollectedWithFallback {
  collected: Collected;
  /** Why https failed when the scan went on over http. */
  httpsFailed: Unreachable | null;
}

/**
 * Collects `url`; for an address typed without a scheme (`schemeFallback`) it does what a browser
 * does: https first, and plain http when nothing answered over https (refused, timed out, failed
 * handshake). A name that does not resolve or a target the guard refuses fails over http too, so
 * those are not retried.
 */
export async function collectWithFallback(url: URL, schemeFallback: boolean, options: CollectOptions): Promise<CollectedWithFallback> {
  const collected = await collectStatic(url.href, options);
  if (!schemeFallback || url.protocol !== 'https:' || answered(collected)) return { collected, httpsFailed: null };
  const failed = reachabilityOf(collected);
  if (!failed || !FALLBACK_REASONS.has(failed.reason)) return { collected, httpsFailed: null };
  const overHttp = new URL(url);
  overHttp.protocol = 'http:';
  const retried = await collectStatic(overHttp.href, options);
  return answered(retried) ? { collected: retried, httpsFailed: failed } : { collected, httpsFailed: null };
}
