import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { getDomain } from 'tldts';
import type { ListedNetwork } from '../intel/feeds/spamhaus-asn-drop.ts';
import { lookupAsn, type AsnEntry } from './asn-table.ts';
import type { GuardedFetchOptions } from '../net/guarded-fetch.ts';
import { locateIp, type IpLocation } from './ip-geo.ts';
import { passiveDnsNames, type PassiveDnsSource } from './passive-dns.ts';

/** What this service's own public scans saw on one network (the server keeps the tally). */
export interface NetworkReputation {
  scans: number;
  /** Scans that ended Risky or Danger. */
  malicious: number;
}

/** A network on a blocklist of criminal ("bulletproof") hosting, and which list says so. */
export interface NetworkListing extends ListedNetwork {
  list: string;
}

/** What the caller knows about addresses and networks; the scanner stays free of databases and downloaded lists. */
export interface IpIntelligenceSources {
  /**
   * The AS announcing an address; the bundled RouteViews/DB-IP table (`lookupAsn`) when absent.
   * Tests give loopback fixture addresses, which no AS announces, the network they stand in for.
   */
  asnLookup?: (ip: string) => Promise<AsnEntry | null>;
  /** Other domains seen on an address in public scans. */
  reverseIpLookup?: (ip: string) => Promise<string[]>;
  /** A passive-DNS service whose names on the address join `reverseIpLookup`'s. */
  passiveDns?: PassiveDnsSource;
  /** Tally of public scans on an autonomous system. */
  networkReputation?: (asn: number) => Promise<NetworkReputation | null>;
  /** Whether a blocklist of abusive networks (Spamhaus ASN-DROP) lists the AS. */
  networkListing?: (asn: number) => Promise<NetworkListing | null>;
}

export interface IpIntelligence {
  ip: string;
  asn: AsnEntry | null;
  location: IpLocation | null;
  /** PTR names of the address. */
  ptr: string[];
  /** Other registrable domains seen on the address, sorted, the scanned one left out. */
  reverseDomains: string[];
  reputation: NetworkReputation | null;
  listing: NetworkListing | null;
}

export interface IpIntelligenceOptions extends IpIntelligenceSources {
  /** The scan's DNS servers; empty: the system's. */
  servers: readonly string[];
  timeoutMs?: number;
  /** The scan's egress policy, for the passive-DNS request; without it that source is not asked. */
  fetchOptions?: GuardedFetchOptions;
}

/** `8.8.8.8` → `8.8.8.8.in-addr.arpa`; IPv6 by reversed nibbles under `ip6.arpa`. */
export function reverseLookupName(ip: string): string {
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().reverse().join('.')}.in-addr.arpa`;
  const hex = Buffer.from(parsed.toByteArray()).toString('hex');
  return `${[...hex].reverse().join('.')}.ip6.arpa`;
}

/** PTR names; asked as a PTR query because c-ares's `reverse()` also reads `/etc/hosts`, which says nothing about the target. */
async function reverseNames(ip: string, options: IpIntelligenceOptions): Promise<string[]> {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 1 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  try {
    return await resolver.resolvePtr(reverseLookupName(ip));
  } catch {
    return [];
  }
}

async function otherDomains(ip: string, hostname: string, options: IpIntelligenceOptions): Promise<string[]> {
  const own = getDomain(hostname) ?? hostname;
  const { passiveDns, fetchOptions } = options;
  const sources = await Promise.all([
    options.reverseIpLookup?.(ip) ?? [],
    passiveDns && fetchOptions ? passiveDnsNames(ip, passiveDns, fetchOptions) : [],
  ]);
  const seen = sources.flat();
  const domains = seen.map((name) => name.toLowerCase().replace(/\.$/, '')).map((name) => getDomain(name) ?? name);
  return [...new Set(domains)].filter((domain) => domain !== own).sort();
}

/** AS, location, PTR and neighbours of the address a host was reached on, looked up concurrently. */
export async function gatherIpIntelligence(ip: string, hostname: string, options: IpIntelligenceOptions): Promise<IpIntelligence> {
  const [asn, location, ptr, reverseDomains] = await Promise.all([
    (options.asnLookup ?? lookupAsn)(ip),
    locateIp(ip),
    reverseNames(ip, options),
    otherDomains(ip, hostname, options),
  ]);
  const [reputation, listing] = await Promise.all([
    asn && options.networkReputation ? options.networkReputation(asn.asn) : null,
    asn && options.networkListing ? options.networkListing(asn.asn) : null,
  ]);
  return { ip, asn, location, ptr, reverseDomains, reputation, listing };
}
