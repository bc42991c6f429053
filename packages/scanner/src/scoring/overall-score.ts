import type { CheckCategory } from '@riskscan/contracts';

/** Findings below this are weak signals: together they may not push a site past Good. */
export const WEAK_FINDING = 30;
/** Findings below this are medium signals: without a strong one a site stays below Danger. */
export const STRONG_FINDING = 60;
export const WEAK_ONLY_CAP = 35;
export const MEDIUM_ONLY_CAP = 75;
/**
 * The lowest score of a scan whose page could not be loaded (Normal): the checks that would have
 * read it found nothing because they could not look, and that must not read as Secure or Good.
 */
export const UNREACHABLE_FLOOR = 40;

/**
 * The overall risk: the active findings combined as independent pieces of evidence
 * (noisy-OR: 1 - Π(1 - sᵢ/100)), so the result is never below the strongest finding and one
 * decisive finding reaches Danger alone; then capped by the strongest tier present, so that many
 * weak findings stay at Good and medium ones below Danger. See docs/scoring.md.
 */
export function overallScore(categories: readonly CheckCategory[]): number {
  const scores = categories.flatMap((category) => category.details.filter((detail) => detail.is_active).map((detail) => detail.risk_score));
  const strongest = Math.max(0, ...scores);
  const remaining = scores.reduce((product, score) => product * (1 - score / 100), 1);
  const combined = Math.round(100 * (1 - remaining));
  const cap = strongest < WEAK_FINDING ? WEAK_ONLY_CAP : strongest < STRONG_FINDING ? MEDIUM_ONLY_CAP : 100;
  return Math.max(strongest, Math.min(combined, cap));
}
