import type { CheckDetail } from '@riskscan/contracts';

/**
 * A category's displayed score: the mean of its active details. Clean details (score 0) count
 * only when the profile says `count_zero_values`; otherwise the mean is over what was found.
 */
export function categoryScore(details: readonly CheckDetail[], options: { countZeroValues: boolean }): number {
  const counted = details.filter((detail) => detail.is_active && (options.countZeroValues || detail.risk_score > 0));
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((sum, detail) => sum + detail.risk_score, 0) / counted.length);
}
