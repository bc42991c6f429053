import type { CheckCategory, Classification } from '@riskscan/contracts';
import { CLASSIFICATION_RULES } from './classification-rules.ts';

/**
 * Names what kind of threat the findings point to. A class applies when any of its evidence
 * details is active and scored at least the rule's minimum; classes keep the catalogue's order
 * (most severe first).
 */
export function classify(categories: readonly CheckCategory[]): Classification[] {
  const scores = new Map<string, number>();
  for (const category of categories) {
    for (const detail of category.details)
      if (detail.is_active) scores.set(detail.name, Math.max(detail.risk_score, scores.get(detail.name) ?? 0));
  }
  return CLASSIFICATION_RULES.filter((rule) =>
    Object.entries(rule.evidence).some(([name, minimum]) => (scores.get(name) ?? 0) >= minimum),
  ).map(({ name, description }) => ({ name, description }));
}
