import { isRiskyOrWorse, type CheckResult } from '@riskscan/contracts';
import { IMPERSONATION_ASKING, type PageContentDetail } from './page-content.ts';

/**
 * What a full scan says of a page, in the terms a watcher of look-alike domains decides on
 * (monitoring's lifecycle): whether the scan rated it Risky or worse, whether the page is parked or
 * empty, whether it passes itself off as a brand that is not the site's while asking to sign in or
 * for secrets, and whether it asks for a password or a card.
 */
export type ScannedPageVerdict = { risky: boolean; parked: boolean; impersonates: boolean; asksForSecrets: boolean };

function scoreOf(result: CheckResult, name: PageContentDetail): number {
  for (const category of result.checks) {
    const detail = category.details.find((candidate) => candidate.name === name);
    if (detail) return detail.risk_score;
  }
  return 0;
}

/** Reads a scan's result as a `ScannedPageVerdict`; the page details' names and scores stay the scanner's. */
export function scannedPageVerdict(result: CheckResult): ScannedPageVerdict {
  return {
    risky: isRiskyOrWorse(result.overall_risk),
    parked: scoreOf(result, 'page_parked_or_empty') > 0,
    impersonates: scoreOf(result, 'page_brand_impersonation') >= IMPERSONATION_ASKING,
    asksForSecrets: scoreOf(result, 'page_password_field') > 0 || scoreOf(result, 'page_card_fields') > 0,
  };
}
