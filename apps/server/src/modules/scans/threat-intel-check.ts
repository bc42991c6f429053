import type { CheckResult, Verdict, VerdictError } from '@riskscan/contracts';
import { defineCheck, type Check, type Finding, type ThreatType } from '@riskscan/scanner';

export const THREAT_INTEL_CATEGORY = 'Threat Intelligence';

/** Which detail each fast-verdict reason feeds; lexical reasons are left to the scanner's URL checks. */
const DETAIL_OF_REASON: Record<string, 'threat_reputation' | 'threat_typosquatting' | 'threat_brand_impersonation'> = {
  reputation_url: 'threat_reputation',
  reputation_host: 'threat_reputation',
  reputation_domain: 'threat_reputation',
  safe_browsing: 'threat_reputation',
  homoglyph_domain: 'threat_typosquatting',
  typosquatting: 'threat_typosquatting',
  tld_swap: 'threat_typosquatting',
  brand_misspelled: 'threat_typosquatting',
  mixed_script: 'threat_typosquatting',
  brand_lure_subdomain: 'threat_brand_impersonation',
  brand_on_free_hosting: 'threat_brand_impersonation',
  brand_in_subdomain: 'threat_brand_impersonation',
  brand_lookalike_token: 'threat_brand_impersonation',
  brand_token: 'threat_brand_impersonation',
  domain_in_userinfo: 'threat_brand_impersonation',
};

const DETAILS = [
  {
    name: 'threat_reputation',
    title: 'Threat feeds',
    background_info: 'Looks the address up in the phishing and malware feeds we import, our own confirmed scans and Google Safe Browsing.',
    explanation: 'A listed address has been reported as harmful by people who investigated it.',
    clean: 'The address is not listed in any threat feed we check.',
  },
  {
    name: 'threat_typosquatting',
    title: 'Look-alike domain',
    background_info: 'Compares the domain with well-known sites: swapped, missing or look-alike characters and other endings.',
    explanation: 'Domains one slip away from a famous one are registered to catch mistyped or misread addresses.',
    clean: 'The domain does not imitate a well-known site.',
  },
  {
    name: 'threat_brand_impersonation',
    title: 'Brand in the address',
    background_info: 'Looks for well-known brand names in domains and sub-domains the brand does not own.',
    explanation: 'Phishing pages put a brand name in the address so it looks official at a glance.',
    clean: 'The address does not use a brand name it does not own.',
  },
] as const;

/** The fast verdict of the scanned URL as a scan check, so its findings take part in profiles, scoring and classification. */
export function threatIntelCheck(verdict: Verdict | VerdictError): Check {
  return defineCheck(THREAT_INTEL_CATEGORY, DETAILS, () => {
    const findings: Partial<Record<(typeof DETAILS)[number]['name'], Finding>> = {};
    if ('error' in verdict) return findings;
    // The learned model's reasons share its score; the look-alike and brand details carry that
    // whole score, with the message of their strongest reason.
    const fromModel = verdict.reasons.filter(
      (reason) => reason.code !== 'domain_in_userinfo' && DETAIL_OF_REASON[reason.code] !== 'threat_reputation',
    );
    const learned = Math.min(
      100,
      fromModel.reduce((sum, reason) => sum + reason.risk_score, 0),
    );
    for (const reason of verdict.reasons) {
      const detail = DETAIL_OF_REASON[reason.code];
      if (!detail || findings[detail]) continue;
      const score = detail === 'threat_reputation' || reason.code === 'domain_in_userinfo' ? reason.risk_score : learned;
      findings[detail] = { risk_score: score, message: reason.message };
    }
    return findings;
  });
}

const DANGER_SCORE = 80;

/**
 * The threat a finished scan confirmed, to list the URL as our own indicator: Danger overall, and
 * not already listed (a listing must not keep confirming itself; it ages out unless a scan finds
 * the site dangerous again on its own).
 */
export function confirmedThreat(result: CheckResult, verdict: Verdict | VerdictError): ThreatType | null {
  if (result.overall_risk < DANGER_SCORE) return null;
  if (!('error' in verdict) && verdict.reasons.some((reason) => DETAIL_OF_REASON[reason.code] === 'threat_reputation')) return null;
  const classes = new Set(result.classification.map((entry) => entry.name));
  if (classes.has('Phishing')) return 'phishing';
  if (classes.has('Malware')) return 'malware';
  if (classes.has('Scam')) return 'scam';
  return 'malicious';
}
