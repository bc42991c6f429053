import { z } from 'zod';
import { guardedFetch, type GuardedFetchOptions } from '../net/guarded-fetch.ts';

export const IANA_RDAP_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';
/** RFC 9224's address bootstraps: CIDR prefixes paired with the regional registries' RDAP servers. */
export const IANA_RDAP_IPV4_BOOTSTRAP_URL = 'https://data.iana.org/rdap/ipv4.json';
export const IANA_RDAP_IPV6_BOOTSTRAP_URL = 'https://data.iana.org/rdap/ipv6.json';
/** IANA asks clients to cache the bootstrap file; it changes a few times a month. */
const BOOTSTRAP_TTL_MS = 24 * 60 * 60 * 1000;
const RDAP_BYTES = 512 * 1024;

/** What a registry says about a domain's registration. */
export interface DomainRegistration {
  domain: string;
  registrar: string | null;
  registered: string | null;
  expires: string | null;
  status: string[];
  abuseEmail: string | null;
}

/** RFC 9224: `services` pairs TLD lists with RDAP base URLs. */
const bootstrapSchema = z.object({ services: z.array(z.tuple([z.array(z.string()), z.array(z.string())])) });
type Bootstrap = z.infer<typeof bootstrapSchema>;

/** jCard (RFC 7095) properties: `[name, params, type, value]`. */
const vcardSchema = z.tuple([z.literal('vcard'), z.array(z.tuple([z.string(), z.unknown(), z.string(), z.unknown()]).rest(z.unknown()))]);
interface RdapEntity {
  roles?: string[];
  vcardArray?: unknown;
  entities?: RdapEntity[];
}
const entitySchema: z.ZodType<RdapEntity> = z.lazy(() =>
  z.object({ roles: z.array(z.string()).optional(), vcardArray: z.unknown().optional(), entities: z.array(entitySchema).optional() }),
);
/** RFC 9083 domain object, the parts we read. */
const domainSchema = z.object({
  ldhName: z.string().optional(),
  status: z.array(z.string()).default([]),
  events: z.array(z.object({ eventAction: z.string(), eventDate: z.string() })).default([]),
  entities: z.array(entitySchema).default([]),
});

/** The RDAP base URLs serving a domain's TLD, from the bootstrap file. */
export function rdapServersFor(bootstrap: Bootstrap, domain: string): string[] {
  const tld = domain.toLowerCase().split('.').at(-1) ?? '';
  return bootstrap.services.find(([tlds]) => tlds.some((entry) => entry.toLowerCase() === tld))?.[1] ?? [];
}

function vcardProperty(entity: RdapEntity, name: string): string | null {
  const parsed = vcardSchema.safeParse(entity.vcardArray);
  if (!parsed.success) return null;
  const value = parsed.data[1].find((property) => property[0] === name)?.[3];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Entities nest (a registrar carries its abuse contact): search depth first. */
function findEntity(entities: readonly RdapEntity[], role: string): RdapEntity | null {
  for (const entity of entities) {
    if (entity.roles?.includes(role)) return entity;
    const nested = findEntity(entity.entities ?? [], role);
    if (nested) return nested;
  }
  return null;
}

/** Pure: the registration facts of an RDAP domain answer. */
export function parseRegistration(domain: string, json: unknown): DomainRegistration | null {
  const parsed = domainSchema.safeParse(json);
  if (!parsed.success) return null;
  const { status, events, entities } = parsed.data;
  const eventDate = (action: string) => events.find((event) => event.eventAction === action)?.eventDate ?? null;
  const registrar = findEntity(entities, 'registrar');
  const abuse = findEntity(entities, 'abuse');
  return {
    domain,
    registrar: registrar ? vcardProperty(registrar, 'fn') : null,
    registered: eventDate('registration'),
    expires: eventDate('expiration'),
    status,
    abuseEmail: abuse ? vcardProperty(abuse, 'email') : null,
  };
}

const bootstrapCache = new Map<string, { fetchedAt: number; bootstrap: Promise<Bootstrap> }>();

async function fetchJson(url: string, options: GuardedFetchOptions): Promise<unknown> {
  const response = await guardedFetch(url, {
    ...options,
    maxBytes: RDAP_BYTES,
    headers: { ...options.headers, accept: 'application/rdap+json, application/json' },
  });
  if (response.status !== 200) throw new Error(`RDAP answered ${response.status} for ${url}`);
  return JSON.parse(response.body.toString('utf8'));
}

function bootstrapFrom(url: string, options: GuardedFetchOptions, now: number): Promise<Bootstrap> {
  const cached = bootstrapCache.get(url);
  if (cached && now - cached.fetchedAt < BOOTSTRAP_TTL_MS) return cached.bootstrap;
  const bootstrap = fetchJson(url, options).then((json) => bootstrapSchema.parse(json));
  bootstrapCache.set(url, { fetchedAt: now, bootstrap });
  // A failed download is not cached: the next scan tries again.
  bootstrap.catch(() => bootstrapCache.delete(url));
  return bootstrap;
}

export interface RdapLookupOptions {
  /** The scan's guarded-fetch options: registries are reached through the egress guard like any target. */
  fetchOptions: GuardedFetchOptions;
  bootstrapUrl?: string;
  now: Date;
}

/** A domain's registration through RDAP (IANA bootstrap, cached per process); null when no registry answers. */
export async function lookupRegistration(domain: string, options: RdapLookupOptions): Promise<DomainRegistration | null> {
  try {
    const bootstrap = await bootstrapFrom(options.bootstrapUrl ?? IANA_RDAP_BOOTSTRAP_URL, options.fetchOptions, options.now.getTime());
    const base = rdapServersFor(bootstrap, domain)[0];
    if (!base) return null;
    const url = new URL(`domain/${encodeURIComponent(domain)}`, base.endsWith('/') ? base : `${base}/`).href;
    return parseRegistration(domain, await fetchJson(url, options.fetchOptions));
  } catch {
    return null;
  }
}

/** What a regional registry says about the network an address belongs to (RFC 9083 IP network object). */
export interface NetworkRegistration {
  address: string;
  handle: string | null;
  name: string | null;
  /** The network's range as the registry gives it, `start - end`. */
  range: string | null;
  country: string | null;
  /** Who holds the network (the registrant's name), usually the hosting company. */
  holder: string | null;
  abuseEmail: string | null;
}

const networkSchema = z.object({
  handle: z.string().optional(),
  name: z.string().optional(),
  startAddress: z.string().optional(),
  endAddress: z.string().optional(),
  country: z.string().optional(),
  entities: z.array(entitySchema).default([]),
});

/** Pure: the holder and abuse contact of an RDAP IP network answer. */
export function parseNetworkRegistration(address: string, json: unknown): NetworkRegistration | null {
  const parsed = networkSchema.safeParse(json);
  if (!parsed.success) return null;
  const { handle, name, startAddress, endAddress, country, entities } = parsed.data;
  const holder = findEntity(entities, 'registrant');
  const abuse = findEntity(entities, 'abuse');
  return {
    address,
    handle: handle ?? null,
    name: name ?? null,
    range: startAddress && endAddress ? `${startAddress} - ${endAddress}` : null,
    country: country ?? null,
    holder: holder ? vcardProperty(holder, 'fn') : null,
    abuseEmail: abuse ? vcardProperty(abuse, 'email') : null,
  };
}

function ipv4Number(address: string): number | null {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return null;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

function ipv6BigInt(address: string): bigint | null {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.reduce((value, group) => (value << 16n) + BigInt(`0x${group}`), 0n);
}

/** Whether `address` lies in `cidr` (IPv4 or IPv6). */
export function inCidr(address: string, cidr: string): boolean {
  const [base = '', bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  if (address.includes(':') !== base.includes(':') || !Number.isInteger(bits)) return false;
  if (!address.includes(':')) {
    const value = ipv4Number(address);
    const start = ipv4Number(base);
    if (value === null || start === null || bits < 0 || bits > 32) return false;
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (value & mask) >>> 0 === (start & mask) >>> 0;
  }
  const value = ipv6BigInt(address);
  const start = ipv6BigInt(base);
  if (value === null || start === null || bits < 0 || bits > 128) return false;
  const shift = BigInt(128 - bits);
  return value >> shift === start >> shift;
}

/** The RDAP base URLs serving an address, from an address bootstrap file (the longest matching prefix wins). */
export function rdapServersForAddress(bootstrap: Bootstrap, address: string): string[] {
  let best: { bits: number; servers: string[] } | null = null;
  for (const [prefixes, servers] of bootstrap.services) {
    for (const prefix of prefixes) {
      const bits = Number(prefix.split('/')[1]);
      if (inCidr(address, prefix) && (!best || bits > best.bits)) best = { bits, servers };
    }
  }
  return best?.servers ?? [];
}

export interface NetworkLookupOptions {
  fetchOptions: GuardedFetchOptions;
  /** Address bootstrap files (tests: a local stand-in); IANA's by default. */
  bootstrapUrls?: { ipv4: string; ipv6: string };
  now: Date;
}

/** The network holding an address through RDAP (IANA address bootstrap, cached per process); null when no registry answers. */
export async function lookupNetworkRegistration(address: string, options: NetworkLookupOptions): Promise<NetworkRegistration | null> {
  try {
    const urls = options.bootstrapUrls ?? { ipv4: IANA_RDAP_IPV4_BOOTSTRAP_URL, ipv6: IANA_RDAP_IPV6_BOOTSTRAP_URL };
    const bootstrap = await bootstrapFrom(address.includes(':') ? urls.ipv6 : urls.ipv4, options.fetchOptions, options.now.getTime());
    const base = rdapServersForAddress(bootstrap, address)[0];
    if (!base) return null;
    const url = new URL(`ip/${encodeURIComponent(address)}`, base.endsWith('/') ? base : `${base}/`).href;
    return parseNetworkRegistration(address, await fetchJson(url, options.fetchOptions));
  } catch {
    return null;
  }
}

const day = (iso: string) => iso.slice(0, 10);

/** The registration as report lines, e.g. `Registrar: Example Registrar, Inc.`. */
export function registrationLines(registration: DomainRegistration): string[] {
  return [
    ...(registration.registrar ? [`Registrar: ${registration.registrar}`] : []),
    ...(registration.registered ? [`Registered: ${day(registration.registered)}`] : []),
    ...(registration.expires ? [`Expires: ${day(registration.expires)}`] : []),
    ...(registration.status.length > 0 ? [`Status: ${registration.status.join(', ')}`] : []),
    ...(registration.abuseEmail ? [`Abuse contact: ${registration.abuseEmail}`] : []),
  ];
}
