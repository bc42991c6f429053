import type { Signal } from './signal.ts';

/** Younger than this, a domain is new: most phishing domains are used within days of registration. */
export const NEW_DOMAIN_DAYS = 30;
// Evidence, never a finding alone: honest sites are new too. Next to a Risky address it adds 30%.
const NEW_DOMAIN_SCORE = 45;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a domain's registration date adds to its URL verdict (issue 35): a domain registered less
 * than NEW_DOMAIN_DAYS ago is weak evidence; an older or unknown one adds nothing (age never
 * vouches: compromised old sites host phishing too).
 */
export function domainAgeSignal(domain: string, registered: Date | null, now: Date): Signal | null {
  if (!registered) return null;
  const days = Math.floor((now.getTime() - registered.getTime()) / DAY_MS);
  if (days < 0 || days >= NEW_DOMAIN_DAYS) return null;
  return {
    code: 'new_domain',
    risk_score: NEW_DOMAIN_SCORE,
    message: days === 0 ? `${domain} was registered today.` : `${domain} was registered ${days} day${days === 1 ? '' : 's'} ago.`,
    classification: null,
  };
}
