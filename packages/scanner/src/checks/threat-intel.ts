import type { CheckResult, Verdict, VerdictError, VerdictReason } from '@riskscan/contracts';
import type { ThreatType } from '../intel/indicator.ts';
import { modelReasonClass } from '../verdict/feature-reasons.ts';
import { isReputationReason } from '../verdict/reputation-signals.ts';
import { CLASSIFICATIONS } from '../verdict/signal.ts';
import { defineCheck, type Check, type Finding } from './check.ts';
import { type PageStance, pageStance, weighByPage } from './page-stance.ts';
import { sameSite } from '../url/url-facts.ts';
import { badHopFinding, type HopVerdict } from './redirect-hops.ts';

export const THREAT_INTEL_CATEGORY = 'Threat Intelligence';

// A learned score this high names a phishing address even when no brand or look-alike explains it;
// below it the shape of a name is not named, even on a page that asks for a password: honest small
// organisations' logins on such names (20-39) would add it to their own fields (decision 615).
const ADDRESS_FINDING_SCORE = 40;

type DetailName = 'threat_typosquatting' | 'threat_brand_impersonation' | 'threat_phishing_address';

/** The detail the learned model's evidence feeds, by the class its strongest classified reason names. */
function detailOfModel(reasons: VerdictReason[]): { detail: DetailName; reason: VerdictReason } | null {
  for (const reason of reasons) {
    const kind = modelReasonClass(reason.code);
    if (kind === CLASSIFICATIONS.typosquatting) return { detail: 'threat_typosquatting', reason };
    if (kind === CLASSIFICATIONS.brandImpersonation) return { detail: 'threat_brand_impersonation', reason };
  }
  return reasons[0] ? { detail: 'threat_phishing_address', reason: reasons[0] } : null;
}

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
  {
    name: 'threat_phishing_address',
    title: 'Phishing address',
    background_info: 'Compares the whole address (host and path) with the phishing addresses our model was trained on.',
    explanation: 'Phishing kits leave their marks in the address: kit file names, random hosts, government or support lures.',
    clean: 'The address does not look like a phishing address.',
  },
  {
    name: 'threat_redirect_hop',
    title: 'Redirect hops',
    background_info:
      'Judges every address the redirect chain passed through, and the page\u2019s own, with the same URL verdict as the address entered.',
    explanation:
      'A harmless-looking link can hand the visitor on through a phishing, look-alike or listed address before the page appears.',
    clean: 'No address of the redirect chain is rated Risky or worse.',
  },
] as const;

/**
 * The fast verdict of the scanned URL as a scan check, weighed by what the page showed (see
 * `page-stance.ts` and docs/scoring.md "One verdict"): evidence about the address counts in full
 * when the page confirms it or was not seen, weakly when the page asks for nothing, and not at all
 * when the page is an organisation's own on its own domain. Reputation listings always count.
 * Every later address of the redirect chain (`hops`) gets its own verdict; the worst is shown.
 */
export function threatIntelCheck(verdict: Verdict | VerdictError, hops: readonly HopVerdict[] = []): Check {
  return defineCheck(THREAT_INTEL_CATEGORY, DETAILS, (collected, context) => {
    const findings: Partial<Record<DetailName | 'threat_reputation' | 'threat_redirect_hop', Finding>> = {};
    const stance = pageStance(context.page, context.final, collected.response?.status);
    // Each hop has a verdict of its own: an entered address that cannot be judged says nothing of them.
    const hop = badHopFinding(hops, stance);
    // A page on another site that names itself clears its own address, not the one that sent the visitor there.
    const entered = context.final && context.requested && !sameSite(context.final, context.requested) ? awayFrom(stance) : stance;
    if (hop) findings.threat_redirect_hop = hop;
    if ('error' in verdict) return findings;
    const reputation = verdict.reasons.find((reason) => isReputationReason(reason.code));
    if (reputation) findings.threat_reputation = { risk_score: reputation.risk_score, message: reputation.message };
    const address: Partial<Record<DetailName, Finding>> = {};
    const userinfo = verdict.reasons.find((reason) => reason.code === 'domain_in_userinfo');
    if (userinfo) address.threat_brand_impersonation = { risk_score: userinfo.risk_score, message: userinfo.message };
    // The learned model's reasons share its score; one detail carries that whole score, with the
    // message of the strongest reason of its class.
    const fromModel = verdict.reasons.filter((reason) => modelReasonClass(reason.code) !== undefined);
    const learned = Math.min(
      100,
      fromModel.reduce((sum, reason) => sum + reason.risk_score, 0),
    );
    const target = detailOfModel(fromModel);
    if (target && !address[target.detail] && (target.detail !== 'threat_phishing_address' || learned >= ADDRESS_FINDING_SCORE))
      address[target.detail] = { risk_score: learned, message: target.reason.message };
    const strongest = (Object.keys(address) as DetailName[]).sort((a, b) => address[b]!.risk_score - address[a]!.risk_score)[0];
    for (const name of Object.keys(address) as DetailName[]) {
      const finding = address[name]!;
      // A page that asks for another brand's secrets confirms the address: never below the lookup.
      const full = name === strongest ? Math.max(finding.risk_score, verdict.risk_score) : finding.risk_score;
      findings[name] = weighByPage(finding, full, entered);
    }
    return findings;
  });
}

/** The stance of a page on another site, for the address entered: it may confirm that address, never clear it. */
function awayFrom(stance: PageStance): PageStance {
  if (stance.stance !== 'clears') return stance;
  return stance.asks
    ? { stance: 'confirms', why: `The page confirms it: it sends the visitor on to another site that asks for ${stance.asks}.` }
    : { stance: 'neutral', why: 'The page it leads to, on another site, asks for nothing on its behalf.' };
}

const DANGER_SCORE = 80;

/** Categories that judge the fetched page itself rather than its address. */
const PAGE_CATEGORIES = new Set(['Page Content', 'Malicious Behaviour', 'Page Judgement', 'Cloaking']);
/** A page finding at least Risky counts as evidence. */
const PAGE_EVIDENCE_SCORE = 60;

/** What backs a published verdict: another source's listing, what the page itself did, or an operator's review of a report. */
export type FeedEvidence = 'reputation' | 'page' | 'review';

/** A verdict confirmed enough to publish: the threat, its evidence, and the confidence it earns. */
export type Confirmation = { threat: ThreatType; evidence: FeedEvidence[]; confidence: number };

/**
 * The confidence each kind of evidence earns (STIX 0-100): a listing by another source and the
 * page's own behaviour agreeing is near certain, an operator's review nearly so; one of the
 * first two alone is less. A URL-only score earns
 * none: it is a guess, and guesses are not published.
 */
export function evidenceConfidence(evidence: readonly FeedEvidence[]): number {
  const reputation = evidence.includes('reputation');
  const page = evidence.includes('page');
  if (reputation && page) return 95;
  if (evidence.includes('review')) return 90;
  return reputation ? 85 : page ? 70 : 0;
}

/**
 * The threat a finished scan confirmed, to publish the URL as our own indicator (lookup, hunts and
 * both feeds): Danger overall and backed by evidence: a listing in another source (never our own:
 * the scan's verdict leaves riskscan's earlier verdict out) or a page finding of its own. A
 * Danger score resting on the address alone publishes nothing.
 */
export function confirmedThreat(result: CheckResult, verdict: Verdict | VerdictError): Confirmation | null {
  if (result.overall_risk < DANGER_SCORE) return null;
  const evidence: FeedEvidence[] = [];
  if (!('error' in verdict) && verdict.reasons.some((reason) => isReputationReason(reason.code))) evidence.push('reputation');
  const pageFinding = result.checks.some(
    (category) =>
      PAGE_CATEGORIES.has(category.category) &&
      category.details.some((detail) => detail.is_active && detail.risk_score >= PAGE_EVIDENCE_SCORE),
  );
  if (pageFinding) evidence.push('page');
  if (evidence.length === 0) return null;
  const classes = new Set(result.classification.map((entry) => entry.name));
  const threat: ThreatType = classes.has('Phishing')
    ? 'phishing'
    : classes.has('Malware')
      ? 'malware'
      : classes.has('Scam')
        ? 'scam'
        : 'malicious';
  return { threat, evidence, confidence: evidenceConfidence(evidence) };
}
