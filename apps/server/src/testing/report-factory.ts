import type { CheckResult } from '@riskscan/contracts';

/** A finished report with no findings, for tests that store or index reports without scanning; `overrides` set what a test looks at. */
export function reportOf(url: string, overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    url,
    geo_location: { country_name: 'Switzerland', country_flag: '/flags/ch.svg' },
    screenshot_link: null,
    overall_risk: 0,
    risk_score_text: { name: 'Secure' },
    classification: [],
    ai_analysis: null,
    checks: [],
    recently_scanned: false,
    ...overrides,
  };
}
