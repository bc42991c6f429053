import type { Verdict, VerdictError } from '@riskscan/contracts';
import {
  createVerdictEngine,
  findThreatMatches,
  isVerdictError,
  type SafeBrowsingOptions,
  safeBrowsingSignal,
  type VerdictEngine,
  refang,
} from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { ReputationStore } from './reputation-store.ts';

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
  private engine: VerdictEngine;

  constructor(
    store: ReputationStore,
    private readonly options: LookupOptions,
  ) {
    this.engine = createVerdictEngine({ reputation: store.index });
    store.onReload((index) => {
      this.engine = createVerdictEngine({ reputation: index });
    });
  }

  /** `external: false` answers from our own engine and feeds only (plans without external reputation). */
  async lookup(urls: string[], { external = true }: { external?: boolean } = {}): Promise<(Verdict | VerdictError)[]> {
    // Analysts paste what their tools print: defanged forms (hxxp, [.]) name the same address.
    const inputs = urls.map(refang);
    const verdicts = inputs.map((url) => this.engine.verdict(url));
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
      return threat ? this.engine.verdict(input, [safeBrowsingSignal(threat)]) : verdict;
    });
  }
}
