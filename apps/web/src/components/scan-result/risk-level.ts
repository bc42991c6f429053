import type { RiskLevel } from '@riskscan/contracts';

/** The CSS modifier for a level, e.g. `risk--danger`. */
export function riskClass(level: RiskLevel): string {
  return `risk--${level.toLowerCase()}`;
}
