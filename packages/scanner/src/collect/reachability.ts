import { isIP } from 'node:net';
import type { Unreachable } from '@riskscan/contracts';
import type { Collected, CollectFailure } from './collected.ts';

/** Connection errors that mean the secure handshake failed, not the connection itself. */
const TLS_ERROR = /SSL|TLS|EPROTO|CERT|ERR_TLS/i;
const REFUSED_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

/** True when something answered: a final response, or at least one redirect on the way. */
export function answered(collected: Collected): boolean {
  return collected.response !== null || collected.redirects.length > 0;
}

/** True when a final page answered (the page and certificate checks have something to read). */
export function pageAnswered(collected: Collected): boolean {
  return collected.response !== null;
}

/**
 * Why `failure` kept the scan from loading a page, in plain words, or null for failures that
 * are findings rather than an absent page (too many redirects: the site answered, endlessly).
 */
export function unreachableOf(failure: CollectFailure): Unreachable | null {
  const url = failure.url;
  const host = URL.canParse(url) ? new URL(url).host : url;
  const typedAddress = URL.canParse(url) && isIP(new URL(url).hostname.replace(/^\[|\]$/g, '')) !== 0;
  // A name with a private address reads like a name that does not exist: which internal names
  // exist is not for whoever asked to learn.
  const code = failure.code === 'forbidden_address' && !typedAddress ? 'unresolvable_host' : failure.code;
  switch (code) {
    case 'too_many_redirects':
      return null;
    case 'unresolvable_host':
      return { reason: 'unresolvable', url, message: `The name ${host} does not resolve: no DNS record points to a public server.` };
    case 'timeout':
      return { reason: 'timeout', url, message: `${url} did not answer in time (${failure.message.replace(/^Timed out/, 'timed out')}).` };
    case 'network': {
      const errno = failure.errno ?? '';
      if (TLS_ERROR.test(errno) || TLS_ERROR.test(failure.message))
        // The library's text (`write EPROTO …:SSL routines:…`) means nothing to a visitor.
        return {
          reason: 'tls',
          url,
          message: `${host} did not accept a secure (https) connection: the site may offer only http, or its secure setup is broken.`,
        };
      if (REFUSED_ERRORS.has(errno)) return { reason: 'refused', url, message: `${host} refused the connection (${errno}).` };
      return { reason: 'network', url, message: `The connection to ${host} failed: ${failure.message}.` };
    }
    default:
      // The egress guard's refusals (internal addresses, forbidden ports): the scanner chose not to load it.
      return { reason: 'blocked', url, message: `Not loaded: ${failure.message.replace(/^Refused: /, '')}.` };
  }
}

/** The report's reachability: null when a page (or a redirect) answered, else why nothing did. */
export function reachabilityOf(collected: Collected): Unreachable | null {
  if (collected.response !== null || !collected.failure) return null;
  return unreachableOf(collected.failure);
}
