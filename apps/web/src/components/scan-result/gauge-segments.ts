import { RISK_BANDS, type RiskLevel } from '@riskscan/contracts';

const COLOURS: Record<RiskLevel, string> = {
  Secure: '#19a974',
  Good: '#7cc444',
  Normal: '#f2c230',
  Risky: '#f08a24',
  Danger: '#e0433a',
};

/**
 * SPEC §2 gauge: five equal 20% segments labelled Danger, Risky, Normal, Good and Secure, drawn
 * from the left (0: Min. Risk) to the right (100: Max. Risk) so the needle reads like the scale.
 */
export const GAUGE_SEGMENTS = RISK_BANDS.map(({ level }) => ({ label: level, color: COLOURS[level] }));
