import type { CheckResult } from '@riskscan/contracts';
import type { Collected } from './collect/collected.ts';
import type { PageFacts } from './page/page-facts.ts';
import type { ScannerOptions } from './scan-options.ts';

type Extended = Pick<CheckResult, 'dns_checks' | 'page_checks'>;

/** Links of the final page, unique, http(s) only: the "WebSite Links" section. */
function websiteLinks(page: PageFacts | null): string[] {
  const links = page?.anchors.map((anchor) => anchor.href) ?? [];
  return [...new Set(links.filter((link) => /^https?:\/\//i.test(link)))];
}

/**
 * The extended groups the scan engine itself can answer: the host's DNS records and the page's
 * links. Web technology and IP intelligence come from their own stages.
 */
export function extendedResults(collected: Collected, page: PageFacts | null, options: ScannerOptions): Extended {
  if (options.fastCheck) return {};
  const wanted = options.extendedChecks ?? {};
  const result: Extended = {};
  if (wanted.dns_checks) {
    const records = collected.addresses.map((entry) => `${entry.family === 4 ? 'A' : 'AAAA'} ${entry.address}`);
    result.dns_checks = { dns_lookup: { title: `DNS records of ${new URL(collected.requestedUrl).hostname}`, result: records } };
  }
  if (wanted.page_checks) result.page_checks = websiteLinks(page);
  return result;
}
