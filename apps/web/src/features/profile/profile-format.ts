import { RISK_LEVELS, type RiskLevel } from '@riskscan/contracts';

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => `${moment.format(new Date(iso))} UTC`;

/** DESIGN §6: 0-19 Secure, 20-39 Good, 40-59 Normal, 60-79 Risky, 80-100 Danger. */
export function riskLevelOf(score: number): RiskLevel {
  return RISK_LEVELS[Math.min(4, Math.max(0, Math.floor(score / 20)))] ?? 'Danger';
}
