import type { AdditionalCheckCode, WebTech } from '@riskscan/contracts';
import { getDomain } from 'tldts';
import type { Collected } from '../collect/collected.ts';
import type { GuardedFetchOptions } from '../net/guarded-fetch.ts';
import type { PageFacts } from '../page/page-facts.ts';
import { lookupDnsRecords, type DnsRecords } from './dns-records.ts';
import { gatherIpIntelligence, type IpIntelligence, type IpIntelligenceSources } from './ip-intelligence.ts';
import { lookupRegistration, type DomainRegistration } from './rdap.ts';
import { contactedDomains, websiteLinks } from './website-links.ts';
import { detectWebtech } from './webtech.ts';
import { webtechEvidence } from './webtech-evidence.ts';
import { bundledFingerprints } from './webtech-fingerprints.ts';

/** What the requested extended checks found; a group is absent when not requested. */
export interface ExtendedFacts {
  dns?: DnsRecords;
  /** With the DNS group: the registrable domain's RDAP record. */
  registration?: DomainRegistration;
  ip?: IpIntelligence;
  links?: { links: string[]; contacted: string[] };
  webtech?: WebTech[];
}

/**
 * What the stage reads of a scan's options; the scanner's `ScannerOptions` has all of it. Named
 * here so the stage does not depend on the whole scan's options (which name the checks above it).
 */
export interface ExtendedStageOptions extends IpIntelligenceSources {
  fastCheck?: boolean;
  extendedChecks?: Partial<Record<AdditionalCheckCode, boolean>>;
  network?: { timeoutMs?: number };
  rdapBootstrapUrl?: string;
}

/** Runs the requested extended lookups concurrently, after collection and before the checks. */
export async function gatherExtended(
  collected: Collected,
  page: PageFacts | null,
  options: ExtendedStageOptions,
  fetchOptions: GuardedFetchOptions,
  now: Date,
): Promise<ExtendedFacts> {
  // Web technologies come from the page already loaded, so Scan Tech still applies to a fast check
  // (SPEC §9 times "fast check and web tech check" together); the lookups it exists to skip do not.
  const wanted = options.fastCheck ? { webtech_check: options.extendedChecks?.webtech_check } : (options.extendedChecks ?? {});
  const hostname = new URL(collected.requestedUrl).hostname;
  const servers = fetchOptions.resolver.servers;
  const timeoutMs = options.network?.timeoutMs;
  // The address the final page came from; its neighbours are compared with the final host.
  const ip = collected.finalAddress ?? collected.addresses[0]?.address ?? null;
  const domain = getDomain(hostname);
  const [dns, registration, intel] = await Promise.all([
    wanted.dns_checks ? lookupDnsRecords(hostname, { servers, resolver: fetchOptions.resolver, timeoutMs }) : undefined,
    wanted.dns_checks && domain ? lookupRegistration(domain, { fetchOptions, bootstrapUrl: options.rdapBootstrapUrl, now }) : undefined,
    wanted.ip_checks && ip
      ? gatherIpIntelligence(ip, new URL(collected.finalUrl).hostname, { ...options, servers, timeoutMs, fetchOptions })
      : undefined,
  ]);
  const facts: ExtendedFacts = {};
  if (dns) facts.dns = dns;
  if (registration) facts.registration = registration;
  if (intel) facts.ip = intel;
  if (wanted.webtech_check) facts.webtech = detectWebtech(webtechEvidence(collected, page), bundledFingerprints());
  if (wanted.page_checks) facts.links = { links: websiteLinks(page), contacted: contactedDomains(collected, page) };
  return facts;
}
