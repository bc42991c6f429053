import type { CheckResult } from '@riskscan/contracts';
import { dnsLines } from './extended/dns-records.ts';
import type { ExtendedFacts } from './extended/extended-stage.ts';

type Extended = Pick<CheckResult, 'dns_checks' | 'page_checks' | 'contacted_domains'>;

/** The report's extended groups (SPEC §3): each present only when requested and something was found. */
export function extendedResults(facts: ExtendedFacts): Extended {
  const result: Extended = {};
  const dns = facts.dns ? dnsLines(facts.dns) : [];
  if (facts.dns && dns.length > 0) result.dns_checks = { dns_lookup: { title: `DNS records of ${facts.dns.hostname}`, result: dns } };
  if (facts.links && facts.links.links.length > 0) result.page_checks = facts.links.links;
  if (facts.links && facts.links.contacted.length > 0) result.contacted_domains = facts.links.contacted;
  return result;
}
