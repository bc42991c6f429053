import type { VerdictReason } from '@riskscan/contracts';

/**
 * One finding about a URL: a verdict reason plus the class it points to (Phishing, Malware, ...)
 * and whether it survives the allowlist. Only findings about this very URL or host do: a well-known
 * domain is not vouched for by a feed that lists one of its tenants' pages.
 */
export type Signal = VerdictReason & { classification: string | null; beatsAllowlist?: boolean };

export const CLASSIFICATIONS = {
  phishing: 'Phishing',
  malware: 'Malware',
  scam: 'Scam',
  malicious: 'Malicious',
  typosquatting: 'Typosquatting',
  brandImpersonation: 'Brand impersonation',
  suspicious: 'Suspicious',
} as const;
