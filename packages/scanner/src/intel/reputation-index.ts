import type { HostParts } from '../url/host-parts.ts';
import type { Indicator, IndicatorKind, ThreatType } from './indicator.ts';
import { NameFilter } from './name-filter.ts';

/** An indicator with the threat and the sources that list it. */
export type ReputationRecord = Indicator & { threat: ThreatType; source: string };
export type ReputationHit = Indicator & { threat: ThreatType; sources: string[] };

/** What a URL is matched on: its URL key (see `urlKey`) and its host parts. */
export type ReputationQuery = { urlKey: string; parts: HostParts };

/** The keys a batch of look-ups will ask for: URL keys, hosts, registrable domains, hosts whose listed URLs are wanted. */
export type ReputationKeys = { urlKeys: string[]; hosts: string[]; domains: string[]; onHost: string[] };

/** The part of an index a batch of look-ups needs (`excerpt`), structured-cloneable for a worker thread. */
export type ReputationExcerpt = { hits: ReputationHit[]; onHost: [string, ReputationHit[]][] };

const MAX_URLS_PER_HOST = 5;
// A URL that is both phishing and malware says malware first: it harms without a typed password.
const THREAT_RANK: Record<ThreatType, number> = { malware: 4, phishing: 3, scam: 2, malicious: 1 };

/** True when `key`'s host is `host`: the URL key of a URL on it (the usual query), read without cutting a string. */
function keyStartsWithHost(key: string, host: string): boolean {
  if (!key.startsWith(host)) return false;
  const next = key.charCodeAt(host.length);
  return Number.isNaN(next) || next === 58 || next === 47 || next === 63;
}

/** The host a URL key starts with (see `urlKey`): before its port, path or query; an IPv6 address with its brackets. */
export function hostOfUrlKey(key: string): string {
  if (key.startsWith('[')) {
    const end = key.indexOf(']');
    return end < 0 ? key : key.slice(0, end + 1);
  }
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    // ':', '/', '?'
    if (code === 58 || code === 47 || code === 63) return key.slice(0, index);
  }
  return key;
}

/**
 * Every known-bad URL, host and domain held in memory, so a verdict costs three hash look-ups
 * instead of a database round trip.
 */
export class ReputationIndex {
  private readonly maps: Record<IndicatorKind, Map<string, ReputationHit>> = { url: new Map(), host: new Map(), domain: new Map() };
  // Listed URLs by host, for logs that only see the host (HTTPS through a proxy) or another path on it.
  private readonly urlsByHost = new Map<string, ReputationHit[]>();
  // Every listed host and domain, and the host of every listed URL: what `match` may find.
  private names = new NameFilter();

  get size(): number {
    return this.maps.url.size + this.maps.host.size + this.maps.domain.size;
  }

  add(record: ReputationRecord): void {
    const map = this.maps[record.kind];
    const known = map.get(record.value);
    if (!known) {
      const hit: ReputationHit = { kind: record.kind, value: record.value, threat: record.threat, sources: [record.source] };
      this.hold(hit);
      return;
    }
    if (!known.sources.includes(record.source)) known.sources.push(record.source);
    if (THREAT_RANK[record.threat] > THREAT_RANK[known.threat]) known.threat = record.threat;
  }

  /** Puts a new listing in its map, its host's list and the name filter. */
  private hold(hit: ReputationHit): void {
    this.maps[hit.kind].set(hit.value, hit);
    const name = hit.kind === 'url' ? hostOfUrlKey(hit.value) : hit.value;
    if (hit.kind === 'url') {
      const onHost = this.urlsByHost.get(name);
      if (!onHost) this.urlsByHost.set(name, [hit]);
      else if (onHost.length < MAX_URLS_PER_HOST) onHost.push(hit);
    }
    this.names.add(name);
    if (this.names.crowded) this.refilter();
  }

  /** A name filter sized for the names held now (it grows with the index, and forgets withdrawn names). */
  private refilter(): void {
    const names = [...this.maps.host.keys(), ...this.maps.domain.keys(), ...[...this.maps.url.keys()].map(hostOfUrlKey)];
    this.names = new NameFilter(names.length);
    for (const name of names) this.names.add(name);
  }

  /** `source` no longer lists this indicator (our own verdict corrected); it leaves the index when nobody else does. */
  withdraw(kind: IndicatorKind, value: string, source: string): void {
    const known = this.maps[kind].get(value);
    if (!known) return;
    known.sources = known.sources.filter((listed) => listed !== source);
    if (known.sources.length > 0) return;
    this.maps[kind].delete(value);
    if (kind !== 'url') return;
    const host = hostOfUrlKey(value);
    const onHost = (this.urlsByHost.get(host) ?? []).filter((hit) => hit !== known);
    if (onHost.length > 0) this.urlsByHost.set(host, onHost);
    else this.urlsByHost.delete(host);
  }

  /**
   * What `match` and `urlsOnHost` answer for these keys, and nothing else: a worker thread judges
   * a batch against it without the whole index (a hunt asks for one chunk of a log at a time).
   */
  excerpt(keys: ReputationKeys): ReputationExcerpt {
    const pick = (kind: IndicatorKind, values: string[]) => values.flatMap((value) => this.maps[kind].get(value) ?? []);
    return {
      hits: [...pick('url', keys.urlKeys), ...pick('host', keys.hosts), ...pick('domain', keys.domains)],
      onHost: keys.onHost.flatMap((host): [string, ReputationHit[]][] => {
        const listed = this.urlsByHost.get(host);
        return listed ? [[host, listed]] : [];
      }),
    };
  }

  /** Holds exactly an excerpt of another index from now on (what it held before is dropped). */
  loadExcerpt(excerpt: ReputationExcerpt): void {
    for (const map of Object.values(this.maps)) map.clear();
    for (const hit of excerpt.hits) this.maps[hit.kind].set(hit.value, hit);
    this.urlsByHost.clear();
    for (const [host, listed] of excerpt.onHost) this.urlsByHost.set(host, listed);
    this.refilter();
  }

  /** Listed URLs on this host (up to a few), for visits where only the host is known. */
  urlsOnHost(host: string): ReputationHit[] {
    return this.urlsByHost.get(host) ?? [];
  }

  /**
   * Hits from the most to the least specific: the URL itself, its host, its registrable domain.
   * A map is asked only about a name the filter may hold.
   */
  match(query: ReputationQuery): ReputationHit[] {
    const { host, domain } = query.parts;
    const hostListed = this.names.mayHold(host);
    const urlListed = keyStartsWithHost(query.urlKey, host) ? hostListed : this.names.mayHold(hostOfUrlKey(query.urlKey));
    const domainListed = !!domain && (domain === host ? hostListed : this.names.mayHold(domain));
    const hits: ReputationHit[] = [];
    if (!hostListed && !urlListed && !domainListed) return hits;
    const byUrl = urlListed ? this.maps.url.get(query.urlKey) : undefined;
    if (byUrl) hits.push(byUrl);
    const byHost = hostListed ? this.maps.host.get(host) : undefined;
    if (byHost) hits.push(byHost);
    const byDomain = domain && domainListed ? this.maps.domain.get(domain) : undefined;
    if (byDomain) hits.push(byDomain);
    return hits;
  }
}
