import type { LookalikeDnsRecords } from '@riskscan/contracts';
import { isForbiddenAddress } from '@riskscan/scanner';

/**
 * A look-alike's records as its watcher may see them: addresses on private, loopback, link-local
 * and other non-public ranges are dropped (issue 29). Whoever registers a look-alike chooses its
 * records, and pointing one at an internal address would otherwise read our resolvers' view of
 * internal names back to them. Only local fixtures (`allowPrivateNetworks`) keep them.
 */
export function publicDnsRecords(dns: LookalikeDnsRecords, policy: { allowPrivateNetworks?: boolean | undefined }): LookalikeDnsRecords {
  if (policy.allowPrivateNetworks) return dns;
  const isPublic = (address: string) => !isForbiddenAddress(address);
  return { ...dns, a: dns.a.filter(isPublic), aaaa: dns.aaaa.filter(isPublic) };
}
