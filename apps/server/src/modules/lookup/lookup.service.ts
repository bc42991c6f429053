import type { Verdict, VerdictError } from '@riskscan/contracts';
import {
  createVerdictEngine,
  hostParts,
  parseFeedUrl,
  type ReputationHit,
  urlKey,
  findThreatMatches,
  isVerdictError,
  type PopularityIndex,
  type SafeBrowsingOptions,
  safeBrowsingSignal,
  type VerdictEngine,
  refang,
} from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import { OWN_SCANS_SOURCE, type ReputationStore } from './reputation-store.ts';

const WITHOUT_OWN: ReadonlySet<string> = new Set([OWN_SCANS_SOURCE]);

/** A reputation listing that concerns a visit: found by its own URL, host or domain, or another listed URL on its host (`onHost`). */
export type VisitReputation = { hit: ReputationHit; onHost: boolean; ownScan: boolean; feeds: string[] };

export type LookupOptions = {
  /** Google Safe Browsing settings, when a key is configured. */
  safeBrowsing: SafeBrowsingOptions | null;
  log: FastifyBaseLogger;
};

/**
 * URL verdicts for the lookup API: the in-process engine over the in-memory reputation index,
 * plus Google Safe Browsing when configured. An unreachable external service never fails a
 * lookup; its matches are simply missing.
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

  /**
   * What the reputation index lists for a visit: the URL itself, the host or its domain, and
   * listed URLs elsewhere on the host (a proxy sees only the host of an HTTPS visit). Each hit
   * names its sources; our own full scans are the source `riskscan`.
   */
  reputationOfVisit(url: string, host: string): VisitReputation[] {
    const index = this.store.index;
    const parsed = parseFeedUrl(url);
    const direct = index.match({ urlKey: parsed ? urlKey(parsed) : host, parts: hostParts(host) });
    const elsewhere = index.urlsOnHost(host).filter((hit) => !direct.includes(hit));
    const finding = (hit: ReputationHit, onHost: boolean): VisitReputation => ({
      hit,
      onHost,
      ownScan: hit.sources.includes(OWN_SCANS_SOURCE),
      feeds: hit.sources.filter((source) => source !== OWN_SCANS_SOURCE),
    });
    return [...direct.map((hit) => finding(hit, false)), ...elsewhere.map((hit) => finding(hit, true))];
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
    // Analysts paste what their tools print: defanged forms (hxxp, [.]) name the same address.
    const inputs = urls.map(refang);
    const options = ownVerdicts ? {} : { ignoreSources: WITHOUT_OWN };
    const verdicts = inputs.map((url) => this.engine.verdict(url, [], options));
    if (!this.options.safeBrowsing || !external) return verdicts;

    // Already-decisive verdicts need no second opinion; that spares the external quota.
    const toAsk = verdicts.filter((verdict): verdict is Verdict => !isVerdictError(verdict) && verdict.risk_level !== 'Danger');
    if (toAsk.length === 0) return verdicts;
    let matches;
    try {
      matches = await findThreatMatches(
        toAsk.map((verdict) => verdict.url),
        this.options.safeBrowsing,
      );
    } catch (error) {
      this.options.log.warn({ err: error }, 'Safe Browsing lookup failed; answering without it');
      return verdicts;
    }
    if (matches.length === 0) return verdicts;
    const threatByUrl = new Map(matches.map((match) => [match.url, match.threatType]));
    return inputs.map((input, index) => {
      const verdict = verdicts[index] as Verdict | VerdictError;
      const threat = isVerdictError(verdict) ? undefined : threatByUrl.get(verdict.url);
      return threat ? this.engine.verdict(input, [safeBrowsingSignal(threat)], options) : verdict;
    });
  }
}
