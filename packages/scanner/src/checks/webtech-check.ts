import type { WebTech } from '@riskscan/contracts';
import { defineCheck, type Check, type Finding } from './check.ts';
import { findVulnerableVersions, type KnownVulnerability, type VulnerableTechnology } from '../extended/known-vulnerable-versions.ts';

/**
 * Outdated software says a site is neglected, and neglected sites are the ones attackers take over
 * to host phishing kits and skimmers; on its own it is a weak sign, never a verdict.
 */
const SEVERITY_SCORE: Record<KnownVulnerability['severity'], number> = { low: 10, medium: 15, high: 20 };

const WEBTECH_DETAILS = [
  {
    name: 'webtech_vulnerable_version',
    title: 'Known-vulnerable software',
    background_info:
      'Compares the versions of the web technologies found on the page with a list of published vulnerabilities (CVE) and end-of-life dates.',
    explanation:
      'Sites that run software with published flaws are the easiest to break into; attackers take over such sites to host phishing pages and card skimmers.',
    clean: 'No detected technology has a version with a known vulnerability, or the page does not reveal versions.',
  },
] as const;

/** The category's detail catalogue, for scan profiles. */
export const WEBTECH_CATALOGUE = { category: 'Web Technologies', details: WEBTECH_DETAILS };

function sentences({ technology, advisories }: VulnerableTechnology): string {
  const named = `${technology.name} ${technology.version ?? '(version unknown)'}`;
  return advisories
    .map((entry) =>
      entry.fixed === null
        ? `${named} is at end of life: ${entry.summary}.`
        : `${named} is affected by ${entry.advisory} (fixed in ${entry.fixed}): ${entry.summary}.`,
    )
    .join(' ');
}

/** Pure: the finding for the detected technologies at `now`. */
export function evaluateWebtech(
  detected: readonly WebTech[],
  known: readonly KnownVulnerability[],
  now: Date,
): Partial<Record<(typeof WEBTECH_DETAILS)[number]['name'], Finding>> {
  const vulnerable = findVulnerableVersions(detected, known, now);
  if (vulnerable.length === 0) return {};
  const scores = vulnerable.flatMap((found) => found.advisories.map((entry) => SEVERITY_SCORE[entry.severity]));
  return { webtech_vulnerable_version: { risk_score: Math.max(...scores), message: vulnerable.map(sentences).join(' ') } };
}

/** The "Web Technologies" risk category. */
export const webtechRiskCheck = (detected: readonly WebTech[], known: readonly KnownVulnerability[]): Check =>
  defineCheck(WEBTECH_CATALOGUE.category, WEBTECH_DETAILS, (_collected, context) => evaluateWebtech(detected, known, context.now));
