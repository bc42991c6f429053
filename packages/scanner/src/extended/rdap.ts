import { z } from 'zod';
import { guardedFetch, type GuardedFetchOptions } from '../net/guarded-fetch.ts';

export const IANA_RDAP_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';
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
