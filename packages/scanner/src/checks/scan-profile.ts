import { ADDITIONAL_CHECK_CODES, type CheckCategory, type ScanProfile } from '@riskscan/contracts';
import type { Check } from './check.ts';
import { categoryScore } from '../scoring/category-score.ts';

export const DEFAULT_PROFILE_UID = 'default';

/** The profile used when a scan names none: every detail active, zero scores not counted, all extended checks on. */
export function defaultScanProfile(checks: readonly Check[]): ScanProfile {
  return {
    uid: DEFAULT_PROFILE_UID,
    name: 'Default',
    is_default: true,
    count_zero_values: false,
    checks: checks.map((check) => ({
      category: check.category,
      details: check.details.map((detail) => ({ name: detail.name, title: detail.title, is_active: true })),
    })),
    additional_checks: ADDITIONAL_CHECK_CODES.map((code) => ({ code, is_active: true })),
  };
}

/**
 * Applies a profile to computed categories: details it switches off become inactive (they no
 * longer count anywhere), and category scores are recomputed with its `count_zero_values`.
 * Details the profile does not mention stay active, so checks added later are on by default.
 */
export function applyProfile(categories: readonly CheckCategory[], profile: ScanProfile): CheckCategory[] {
  const inactive = new Set(
    profile.checks.flatMap((check) =>
      check.details.filter((detail) => !detail.is_active).map((detail) => `${check.category}\u0000${detail.name}`),
    ),
  );
  return categories.map((category) => {
    const details = category.details.map((detail) => ({ ...detail, is_active: !inactive.has(`${category.category}\u0000${detail.name}`) }));
    return { ...category, details, risk_score: categoryScore(details, { countZeroValues: profile.count_zero_values }) };
  });
}
