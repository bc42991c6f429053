import type { CheckResult } from '@riskscan/contracts';
import { dnsLines } from './extended/dns-records.ts';
import type { ExtendedFacts } from './extended/extended-stage.ts';
import { locationLines } from './extended/ip-geo.ts';
import { registrationLines } from './extended/rdap.ts';
import type { IpIntelligence } from './extended/ip-intelligence.ts';

type Extended = Pick<CheckResult, 'webtech' | 'dns_checks' | 'ip_checks' | 'page_checks' | 'contacted_domains'>;

function ipChecks(intel: IpIntelligence): CheckResult['ip_checks'] {
  const { ip, asn, location, ptr, reverseDomains } = intel;
  if (!asn && !location && ptr.length === 0 && reverseDomains.length === 0) return undefined;
  return {
    as_lookup: { title: `AS lookup of ${ip}`, result: asn ? `AS${asn.asn} ${asn.organisation}` : 'Unknown' },
    ip_geo: { title: `Geolocation of ${ip}`, result: location ? locationLines(location) : [] },
    reverse_dns: { title: `Reverse DNS of ${ip}`, result: ptr.join(', ') },
    reverse_ip_lookup: { title: `Other domains on ${ip}`, result: reverseDomains },
  };
}

/** The report's extended groups (SPEC §3): each present only when requested and something was found. */
export function extendedResults(facts: ExtendedFacts): Extended {
  const result: Extended = {};
  if (facts.webtech && facts.webtech.length > 0) result.webtech = facts.webtech;
  const dns = [...(facts.dns ? dnsLines(facts.dns) : []), ...(facts.registration ? registrationLines(facts.registration) : [])];
  if (facts.dns && dns.length > 0) result.dns_checks = { dns_lookup: { title: `DNS records of ${facts.dns.hostname}`, result: dns } };
  const ip = facts.ip ? ipChecks(facts.ip) : undefined;
  if (ip) result.ip_checks = ip;
  if (facts.links && facts.links.links.length > 0) result.page_checks = facts.links.links;
  if (facts.links && facts.links.contacted.length > 0) result.contacted_domains = facts.links.contacted;
  return result;
}
