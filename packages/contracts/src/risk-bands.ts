import { RISK_LEVELS, type RiskLevel } from './check-result.ts';

/**
 * The risk bands (DESIGN §6), the one place they are written: each level covers 20 points from
 * `from`, 0-19 Secure, 20-39 Good, 40-59 Normal, 60-79 Risky, 80-100 Danger. The scanner names a
 * score's level with them, the server and triage compare against a band's start, the web app
 * draws the gauge's segments and warns before links to Risky or Danger pages.
 */
export const RISK_BANDS: readonly { level: RiskLevel; from: number }[] = RISK_LEVELS.map((level, index) => ({ level, from: index * 20 }));

/** The first score of a level's band: `riskBandStart('Risky')` is 60. */
export function riskBandStart(level: RiskLevel): number {
  return RISK_BANDS.find((band) => band.level === level)!.from;
}

/** The risk level of a 0-100 score. */
export function riskLevelForScore(score: number): RiskLevel {
  return [...RISK_BANDS].reverse().find((band) => score >= band.from)?.level ?? 'Secure';
}

/** Risky or Danger: a page a visitor should be warned about before opening it. */
export function isRiskyOrWorse(score: number): boolean {
  return score >= riskBandStart('Risky');
}
