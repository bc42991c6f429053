import { RISK_LEVELS, type RiskLevel } from '@riskscan/contracts';

/** DESIGN §6 bands: 0-19 Secure, 20-39 Good, 40-59 Normal, 60-79 Risky, 80-100 Danger. */
export function riskLevelOf(score: number): RiskLevel {
  const band = Math.min(RISK_LEVELS.length - 1, Math.max(0, Math.floor(score / 20)));
  return RISK_LEVELS[band] ?? 'Danger';
}

/** The CSS modifier for a level, e.g. `risk--danger`. */
export function riskClass(level: RiskLevel): string {
  return `risk--${level.toLowerCase()}`;
}
