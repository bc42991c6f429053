import type { Verdict, VerdictError } from '@riskscan/contracts';
import {
  createVerdictEngine,
  domainAgeSignal,
  hostParts,
  isUserContentHost,
  parseFeedUrl,
  type ReputationHit,
  type ReputationQuery,
  urlKey,
  findThreatMatches,
  judgeBatch,
  type OpenVerdicts,
  type PopularityIndex,
  type PopularitySnapshot,
  type ReputationExcerpt,
  type ReputationIndex,
  type ReputationKeys,
  type SafeBrowsingOptions,
  safeBrowsingSignal,
  type Signal,
  type VerdictEngine,
} from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainAges } from './domain-ages.ts';
import { OWN_SCANS_SOURCE, type ReputationStore } from './reputation-store.ts';

const WITHOUT_OWN: ReadonlySet<string> = new Set([OWN_SCANS_SOURCE]);

/** A reputation listing that concerns a visit: found by its own URL, host or domain, or another listed URL on its host (`onHost`). */
export type VisitReputation = { hit: ReputationHit; onHost: boolean; ownScan: boolean; feeds: string[] };

export type LookupOptions = {
  /** Google Safe Browsing settings, when a key is configured. */
  safeBrowsing: SafeBrowsingOptions | null;
  /** Registration dates through RDAP (`LOOKUP_DOMAIN_AGE`); null: the verdict does without. */
  domainAges?: DomainAges | null;
  log: FastifyBaseLogger;
};

/**
 * What an index lists for a visit: the URL itself, the host or its domain, and listed URLs
 * elsewhere on the host (a proxy sees only the host of an HTTPS visit). Each hit names its
 * sources; our own full scans are the source `riskscan`.
 */
export function visitReputation(index: ReputationIndex, url: string, host: string): VisitReputation[] {
  const direct = index.match(visitQuery(url, host));
  const elsewhere = index.urlsOnHost(host).filter((hit) => !direct.includes(hit));
  const finding = (hit: ReputationHit, onHost: boolean): VisitReputation => ({
    hit,
    onHost,
    ownScan: hit.sources.includes(OWN_SCANS_SOURCE),
    feeds: hit.sources.filter((source) => source !== OWN_SCANS_SOURCE),
  });
  return [...direct.map((hit) => finding(hit, false)), ...elsewhere.map((hit) => finding(hit, true))];
}

/** What a visit is matched on (`visitReputation`); `host` is also where its host's listed URLs are found. */
export function visitQuery(url: string, host: string): ReputationQuery {
  const parsed = parseFeedUrl(url);
  return { urlKey: parsed ? urlKey(parsed) : host, parts: hostParts(host) };
}

/**
 * URL verdicts for the lookup API: the in-process engine over the in-memory reputation index,
 * plus Google Safe Browsing and domain age from RDAP when configured. An unreachable external
 * service never fails a lookup; its evidence is simply missing.
 */
export class LookupService {
  // Built on first use: its brand and popularity indexes cost about half a second of CPU, which
  // a process that never judges a URL (most test apps, a CLI that only imports) should not pay.
  private built: VerdictEngine | null = null;
  // A newer ranking than the shipped one, once the refresh has read it.
  private popularity: PopularityIndex | undefined;

  constructor(
    private readonly store: ReputationStore,
    private readonly options: LookupOptions,
  ) {
    store.onReload(() => {
      this.built = null;
    });
  }

  private get engine(): VerdictEngine {
    this.built ??= createVerdictEngine({ reputation: this.store.index, popularity: this.popularity });
    return this.built;
  }

  /** Builds the engine now, so the first request does not wait for it (a server calls it at start). */
  warm(): void {
    void this.engine;
  }

  /** Judges with a newer popularity ranking from now on (POPULARITY_LIST_URL / POPULARITY_LIST_FILE). */
  usePopularity(index: PopularityIndex): void {
    this.popularity = index;
    this.built = null;
  }

  /** What the reputation index lists for a visit (`visitReputation`). */
  reputationOfVisit(url: string, host: string): VisitReputation[] {
    return visitReputation(this.store.index, url, host);
  }

  /** The part of the reputation index a batch of look-ups needs, for a worker thread that judges it. */
  reputationExcerpt(keys: ReputationKeys): ReputationExcerpt {
    return this.store.index.excerpt(keys);
  }

  /** The newer popularity ranking this service judges with, if any, for a worker thread's engine to judge alike. */
  popularitySnapshot(): PopularitySnapshot | null {
    return this.popularity?.snapshot() ?? null;
  }

  /**
   * `external: false` answers from our own engine and feeds only (plans without external
   * reputation); `ownVerdicts: false` leaves riskscan's own published verdicts out (a scan of a URL
   * must judge it afresh, or a wrong verdict would confirm itself forever).
   */
  async lookup(
    urls: string[],
    { external = true, ownVerdicts = true }: { external?: boolean; ownVerdicts?: boolean } = {},
  ): Promise<(Verdict | VerdictError)[]> {
    // Analysts paste what their tools print: `judgeBatch` reads defanged forms (hxxp, [.]) too.
    return judgeBatch(this.engine, urls, {
      ...(ownVerdicts ? {} : { ignoreSources: WITHOUT_OWN }),
      externalSignals: external ? (open) => this.externalSignals(open) : null,
    });
  }

  /** What Safe Browsing and the registries add to open verdicts, by their place in the batch. */
  async externalSignals(open: OpenVerdicts): Promise<[number, Signal[]][]> {
    const extra = new Map<number, Signal[]>();
    const add = (index: number, signal: Signal) => extra.set(index, [...(extra.get(index) ?? []), signal]);
    for (const [index, signal] of await this.safeBrowsingSignals(open)) add(index, signal);
    for (const [index, signal] of await this.domainAgeSignals(open)) add(index, signal);
    return [...extra];
  }

  private async safeBrowsingSignals(open: OpenVerdicts): Promise<[number, Signal][]> {
    if (!this.options.safeBrowsing) return [];
    let matches;
    try {
      matches = await findThreatMatches(
        open.map(({ verdict }) => verdict.url),
        this.options.safeBrowsing,
      );
    } catch (error) {
      this.options.log.warn({ err: error }, 'Safe Browsing lookup failed; answering without it');
      return [];
    }
    const threatByUrl = new Map(matches.map((match) => [match.url, match.threatType]));
    return open.flatMap(({ verdict, index }): [number, Signal][] => {
      const threat = threatByUrl.get(verdict.url);
      return threat ? [[index, safeBrowsingSignal(threat)]] : [];
    });
  }

  /**
   * A domain registered in the last month (decision 402): asked of the registries for domains the
   * verdict has not cleared as well known; a platform's tenants have no registration of their own.
   */
  private async domainAgeSignals(open: OpenVerdicts): Promise<[number, Signal][]> {
    if (!this.options.domainAges) return [];
    const asked = open.flatMap(({ verdict, index }) => {
      if (verdict.reasons.some((reason) => reason.code === 'allowlisted')) return [];
      const parts = hostParts(new URL(verdict.url).hostname);
      return parts.domain && !parts.isIp && !isUserContentHost(parts.host) ? [{ index, domain: parts.domain }] : [];
    });
    if (asked.length === 0) return [];
    const ages = await this.options.domainAges.of(asked.map(({ domain }) => domain));
    const now = new Date();
    return asked.flatMap(({ index, domain }): [number, Signal][] => {
      const signal = domainAgeSignal(domain, ages.get(domain) ?? null, now);
      return signal ? [[index, signal]] : [];
    });
  }
}
