import type { ReputationHit } from '../intel/reputation-index.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';

const WHAT: Record<ReputationHit['kind'], string> = { url: 'This address', host: 'This host', domain: 'This domain' };
// The more specific the listing, the surer it applies to this very URL.
const SCORE: Record<ReputationHit['kind'], number> = { url: 100, host: 95, domain: 90 };

/** Whether a verdict reason is a reputation listing or a Safe Browsing match. */
export function isReputationReason(code: string): boolean {
  return code.startsWith('reputation_') || code === 'safe_browsing';
}

/** A blocklist hit is decisive on its own: it reaches Danger without any other signal. */
export function reputationSignal(hit: ReputationHit): Signal {
  return {
    code: `reputation_${hit.kind}`,
    risk_score: SCORE[hit.kind],
    message: `${WHAT[hit.kind]} is listed as ${hit.threat} by ${hit.sources.join(', ')}.`,
    classification: CLASSIFICATIONS[hit.threat],
    beatsAllowlist: hit.kind !== 'domain',
  };
}

/** A Google Safe Browsing match (threat types MALWARE, SOCIAL_ENGINEERING, ...). */
export function safeBrowsingSignal(threatType: string): Signal {
  const classification =
    threatType === 'SOCIAL_ENGINEERING'
      ? CLASSIFICATIONS.phishing
      : threatType === 'MALWARE'
        ? CLASSIFICATIONS.malware
        : CLASSIFICATIONS.malicious;
  return {
    code: 'safe_browsing',
    risk_score: 95,
    message: `Google Safe Browsing lists this address as ${threatType.toLowerCase().replaceAll('_', ' ')}.`,
    classification,
    beatsAllowlist: true,
  };
}
