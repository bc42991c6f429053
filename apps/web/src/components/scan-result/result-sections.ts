import type { CheckCategory, CheckDetail, CheckResult } from '@riskscan/contracts';
import { CATEGORIES_PER_PAGE, DISABLED_CHECKS_PREVIEW, DISABLED_CHECKS_TOGGLE_ABOVE } from './result-constants.ts';

/** Details that ran in this scan; inactive ones are listed under 'Disabled check in this scan:'. */
export function activeDetails(category: CheckCategory): CheckDetail[] {
  return category.details.filter((detail) => detail.is_active);
}

export function disabledDetails(result: CheckResult): CheckDetail[] {
  return result.checks.flatMap((category) => category.details.filter((detail) => !detail.is_active));
}

/** The strongest findings of the scan, strongest first: what the summary names above the categories. */
export function strongestFindings(result: CheckResult, max = 5): CheckDetail[] {
  return result.checks
    .flatMap((category) => activeDetails(category))
    .filter((detail) => detail.risk_score > 0)
    .sort((a, b) => b.risk_score - a.risk_score)
    .slice(0, max);
}

/** Whether a category opens by default: it found something. */
export function hasFindings(category: CheckCategory): boolean {
  return activeDetails(category).some((detail) => detail.risk_score > 0);
}

/** Where the page is hosted, from the IP checks when they ran: AS and country lines. */
export function hostingFacts(result: CheckResult): { as: string | null; country: string | null } {
  const as = result.ip_checks?.as_lookup.result.trim();
  const country = result.ip_checks?.ip_geo.result.find((line) => line.startsWith('Country: '));
  // Every report also carries the page's hosting from the bundled tables, with or without the IP checks.
  const hosting = result.hosting;
  const hostingAs = hosting?.asn ? `AS${hosting.asn}${hosting.as_name ? ` ${hosting.as_name}` : ''}` : null;
  const hostingCountry = hosting?.country_code ? `${hosting.country_name ?? hosting.country_code} (${hosting.country_code})` : null;
  return {
    as: as && as !== 'Unknown' ? as : hostingAs,
    country: country?.slice('Country: '.length) ?? hostingCountry,
  };
}

/** How many disabled-check cards to show: all when there are at most 4 or See All is on, else 3. */
export function visibleDisabledCount(total: number, showAll: boolean): number {
  return showAll || total <= DISABLED_CHECKS_TOGGLE_ABOVE ? total : DISABLED_CHECKS_PREVIEW;
}

export function pageCount(total: number, perPage: number = CATEGORIES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageSlice<T>(items: readonly T[], page: number, perPage: number = CATEGORIES_PER_PAGE): T[] {
  const last = pageCount(items.length, perPage);
  const current = Math.min(Math.max(1, page), last);
  return items.slice((current - 1) * perPage, current * perPage);
}

/** A go-to-page entry clamped into range; null for text that is not a page number. */
export function parsePage(input: string, total: number, perPage: number = CATEGORIES_PER_PAGE): number | null {
  const page = Number(input);
  if (!Number.isInteger(page)) return null;
  return Math.min(Math.max(1, page), pageCount(total, perPage));
}

/** Which Extended Check Results sections exist (SPEC §2); the heading hides when none do. */
export function extendedSections(result: CheckResult) {
  const sections = {
    webTech: (result.webtech?.length ?? 0) > 0,
    dns: Boolean(result.dns_checks),
    ip: Boolean(result.ip_checks),
    links: (result.page_checks?.length ?? 0) > 0,
    contactedDomains: (result.contacted_domains?.length ?? 0) > 0,
  };
  return { ...sections, any: Object.values(sections).some(Boolean) };
}
