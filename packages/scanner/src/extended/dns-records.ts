import { Resolver } from 'node:dns/promises';
import { getDomain } from 'tldts';
import { ResolveError, type HostResolver } from '../net/resolver.ts';

export interface TimedAddress {
  address: string;
  ttl: number;
}

export interface SoaRecord {
  primary: string;
  admin: string;
  serial: number;
}

/** The records that describe a host and its zone: what the "DNS Information" section lists. */
export interface DnsRecords {
  hostname: string;
  /** The registrable domain (zone apex) whose mail, name-server and CAA records apply. */
  domain: string;
  a: TimedAddress[];
  aaaa: TimedAddress[];
  cname: string[];
  mx: { exchange: string; priority: number }[];
  ns: string[];
  /** TXT records of the domain, each joined from its character strings. */
  txt: string[];
  /** TXT records at `_dmarc.<domain>`. */
  dmarc: string[];
  caa: { critical: number; tag: string; value: string }[];
  soa: SoaRecord | null;
  /** A CNAME target that does not resolve (subdomain takeover risk), null otherwise. */
  danglingCname: string | null;
}

export interface DnsLookupOptions {
  /** Same servers as the scan's resolver (`SCAN_DNS_SERVERS`); empty: the system's. */
  servers: readonly string[];
  /** Resolves CNAME targets; the scan's own resolver. */
  resolver: HostResolver;
  timeoutMs?: number;
}

/** A query that finds nothing, times out or is refused yields no records: DNS sections list what exists. */
async function orEmpty<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch {
    return [];
  }
}

async function isDangling(target: string, resolver: HostResolver): Promise<boolean> {
  try {
    await resolver.resolve(target);
    return false;
  } catch (error) {
    return error instanceof ResolveError && error.code === 'ENOTFOUND';
  }
}

/** Asks the configured servers for A, AAAA, CNAME, MX, NS, TXT, DMARC, CAA and SOA, all at once. */
export async function lookupDnsRecords(hostname: string, options: DnsLookupOptions): Promise<DnsRecords> {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 1 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const domain = getDomain(host) ?? host;
  const [a, aaaa, cname, mx, ns, txt, dmarc, caa, soa] = await Promise.all([
    orEmpty(resolver.resolve4(host, { ttl: true })),
    orEmpty(resolver.resolve6(host, { ttl: true })),
    orEmpty(resolver.resolveCname(host)),
    orEmpty(resolver.resolveMx(domain)),
    orEmpty(resolver.resolveNs(domain)),
    orEmpty(resolver.resolveTxt(domain)),
    orEmpty(resolver.resolveTxt(`_dmarc.${domain}`)),
    orEmpty(resolver.resolveCaa(domain)),
    orEmpty(resolver.resolveSoa(domain).then((record) => [record])),
  ]);
  const target = cname[0];
  return {
    hostname: host,
    domain,
    a,
    aaaa,
    cname,
    mx: mx.sort((left, right) => left.priority - right.priority),
    ns: ns.sort(),
    txt: txt.map((chunks) => chunks.join('')),
    dmarc: dmarc.map((chunks) => chunks.join('')).filter((record) => /^v=DMARC1/i.test(record)),
    // Node reports a CAA record as `{critical, <tag>: value}` (plus `type` on some versions).
    caa: caa.map(({ critical, ...rest }) => {
      const [tag, value] = Object.entries(rest).find(([key, entry]) => key !== 'type' && typeof entry === 'string') ?? ['unknown', ''];
      return { critical, tag, value: String(value) };
    }),
    soa: soa[0] ? { primary: soa[0].nsname, admin: soa[0].hostmaster, serial: soa[0].serial } : null,
    danglingCname: target && (await isDangling(target, options.resolver)) ? target : null,
  };
}

export const spfRecord = (records: DnsRecords): string | null => records.txt.find((record) => /^v=spf1\b/i.test(record)) ?? null;

/** The records as the report's lines, e.g. `MX 10 mail.example.org`. */
export function dnsLines(records: DnsRecords): string[] {
  const spf = spfRecord(records);
  return [
    ...records.a.map((entry) => `A ${entry.address} (TTL ${entry.ttl})`),
    ...records.aaaa.map((entry) => `AAAA ${entry.address} (TTL ${entry.ttl})`),
    ...records.cname.map((target) => `CNAME ${target}`),
    ...records.mx.map((entry) => `MX ${entry.priority} ${entry.exchange}`),
    ...records.ns.map((server) => `NS ${server}`),
    ...(spf ? [`SPF ${spf}`] : []),
    ...records.txt.filter((record) => record !== spf).map((record) => `TXT ${record}`),
    ...records.dmarc.map((record) => `DMARC ${record}`),
    ...records.caa.map((entry) => `CAA ${entry.critical} ${entry.tag} "${entry.value}"`),
    ...(records.soa ? [`SOA ${records.soa.primary} ${records.soa.admin} ${records.soa.serial}`] : []),
  ];
}
