import { createResolver, expandShortLinks, type ScanNetworkOptions } from '@riskscan/scanner';
import type { ExpandShortLinks } from './email-triage.service.ts';

/**
 * Short-link expansion on the scans' network: the same resolver, private-network rule and test
 * port mapping as a scan's own requests, so a shortener can reach nothing a scan could not.
 */
export function shortLinkExpander(network: ScanNetworkOptions): ExpandShortLinks {
  const resolver = network.resolver ?? createResolver({ servers: network.dnsServers ?? [] });
  return (urls) =>
    expandShortLinks(urls, {
      resolver,
      allowPrivateNetworks: network.allowPrivateNetworks,
      exemptAddresses: network.exemptAddresses,
      trustedCertificates: network.trustedCertificates,
      connectPorts: network.connectPorts,
    });
}
