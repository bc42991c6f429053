import type { CheckResult } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { scannedPageVerdict } from './page-verdict.ts';

const result = (overall: number, scores: Record<string, number>): CheckResult =>
  ({
    overall_risk: overall,
    checks: [
      {
        category: 'Page Content',
        risk_score: 0,
        details: Object.entries(scores).map(([name, risk_score]) => ({ name, risk_score, title: name, message: '', is_active: true })),
      },
    ],
  }) as unknown as CheckResult;

describe('the page verdict monitoring decides on', () => {
  it('is risky from the Risky band up (60), as contracts draw it', () => {
    expect(scannedPageVerdict(result(59, {})).risky).toBe(false);
    expect(scannedPageVerdict(result(60, {})).risky).toBe(true);
  });

  it('reads parked pages, secrets asked for, and impersonation that asks to sign in or for secrets', () => {
    expect(scannedPageVerdict(result(10, {}))).toEqual({ risky: false, parked: false, impersonates: false, asksForSecrets: false });
    expect(scannedPageVerdict(result(10, { page_parked_or_empty: 40 })).parked).toBe(true);
    expect(scannedPageVerdict(result(10, { page_password_field: 20 })).asksForSecrets).toBe(true);
    expect(scannedPageVerdict(result(10, { page_card_fields: 20 })).asksForSecrets).toBe(true);
    // A brand named with no sign-in (30) is not yet an imitation; asking to sign in (80) or for credentials (90) is.
    expect(scannedPageVerdict(result(10, { page_brand_impersonation: 30 })).impersonates).toBe(false);
    expect(scannedPageVerdict(result(10, { page_brand_impersonation: 80 })).impersonates).toBe(true);
    expect(scannedPageVerdict(result(10, { page_brand_impersonation: 90 })).impersonates).toBe(true);
  });
});
