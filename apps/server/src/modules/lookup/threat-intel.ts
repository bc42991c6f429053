import type { Verdict, VerdictError } from '@riskscan/contracts';
import type { Confirmation, SafeBrowsingOptions } from '@riskscan/scanner';
import type { Config } from '../../config.ts';
import type { LookupService } from './lookup.service.ts';
import type { Retraction } from './published-verdicts.repository.ts';
import type { ReputationStore } from './reputation-store.ts';

/** The fast verdict and our own indicators, as a scan runner sees them (the lookup module's `threatIntel`). */
export type ThreatIntel = {
  /**
   * The verdict for a scan by `userId` (null: no account); Safe Browsing only when its plan allows
   * it. Our own earlier verdict is never evidence for a new scan.
   */
  verdict(url: string, userId: number | null): Promise<Verdict | VerdictError>;
  /** Publishes what a scan confirmed (lookup, hunts, feeds). */
  publish(url: string, confirmation: Confirmation): Promise<void>;
  /** Retracts our verdict on these URLs: a clean rescan or an accepted report corrected it. */
  retract(urls: string[], reason: Retraction): Promise<boolean>;
};

/** Google Safe Browsing client settings when a key is configured. */
export function safeBrowsingSettings(reputation: Config['reputation'], version: string): SafeBrowsingOptions | null {
  return reputation.safeBrowsing
    ? { apiKey: reputation.safeBrowsing.apiKey, baseUrl: reputation.safeBrowsing.url, clientId: 'riskscan', clientVersion: version }
    : null;
}

/**
 * The scan runner's view of the lookup module: the scanned URL's verdict and our own indicators.
 * Google Safe Browsing is asked only for accounts whose plan has `external_reputation`; a scan
 * with no account has no plan that grants it.
 */
export function threatIntelOf(
  lookup: LookupService,
  reputation: ReputationStore,
  externalAllowed: (userId: number) => Promise<boolean>,
): ThreatIntel {
  return {
    verdict: async (url, userId) => {
      const external = userId !== null && (await externalAllowed(userId));
      return (await lookup.lookup([url], { external, ownVerdicts: false }))[0]!;
    },
    publish: (url, confirmation) => reputation.publish(url, confirmation),
    retract: (urls, reason) => reputation.retract(urls, reason),
  };
}

/**
 * A link's risk for comment moderation: the fast verdict, never below `floor` (the content
 * module's cautious rules, which also hold shorteners and odd ports the verdict lets pass).
 * Something that is not a URL at all is held. A comment comes from no account, so no plan grants
 * it Google Safe Browsing (decision 156): our own feeds and rules only.
 */
export function verdictUrlRisk(
  lookup: LookupService,
  floor: (url: string) => Promise<{ risk_score: number }>,
): (url: string) => Promise<{ risk_score: number }> {
  const NOT_A_URL_SCORE = 60;
  return async (url) => {
    const [verdict, cautious] = await Promise.all([lookup.lookup([url], { external: false }), floor(url)]);
    const score = 'error' in verdict[0]! ? NOT_A_URL_SCORE : verdict[0]!.risk_score;
    return { risk_score: Math.max(score, cautious.risk_score) };
  };
}
