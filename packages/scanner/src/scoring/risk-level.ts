import type { RiskLevel } from '@riskscan/contracts';

/** DESIGN §6: 0-19 Secure, 20-39 Good, 40-59 Normal, 60-79 Risky, 80-100 Danger. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 80) return 'Danger';
  if (score >= 60) return 'Risky';
  if (score >= 40) return 'Normal';
  if (score >= 20) return 'Good';
  return 'Secure';
}
