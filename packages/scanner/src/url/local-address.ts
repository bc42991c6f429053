import { isForbiddenAddress, isInternalHostName } from '../net/address-policy.ts';
import type { UrlFacts } from './url-facts.ts';

/**
 * An address only the local network reaches (192.168.x.x, fritz.box): where a router or another
 * device serves its own settings pages, under its maker's name.
 */
export function isLocalAddress(final: UrlFacts): boolean {
  return (final.isIp && isForbiddenAddress(final.hostname)) || isInternalHostName(final.hostname);
}
