import type { MembershipPlan, PlanFlags } from '@riskscan/contracts';

/** SPEC §2 purchase page wording, shared by the pricing table, the shop and the licence view. */
export type PlanFlag = { flag: keyof PlanFlags; label: string };

export const USAGE_FLAGS: readonly PlanFlag[] = [
  { flag: 'api_access', label: 'API Access' },
  { flag: 'business_support', label: 'Business Support' },
  { flag: 'custom_scan_rules', label: 'Customizable Scan Rules' },
];

export const FEATURE_FLAGS: readonly PlanFlag[] = [
  { flag: 'rule_based_checks', label: 'Basic Rule based Security Checks' },
  { flag: 'export_results', label: 'Export Scan Results (CSV, JSON)' },
  { flag: 'spoofing_detection', label: 'AI-based image and brand spoofing detection (over 100,000 known brands)' },
  { flag: 'external_reputation', label: 'External Reputation and Blacklist Integration' },
  { flag: 'scan_profiles', label: 'Customizable Scan Rules & Profiles' },
  { flag: 'rest_api_access', label: 'REST API Access (JSON output)' },
  { flag: 'data_export', label: 'Data Export (CSV, JSON)' },
];

const count = new Intl.NumberFormat('en-US');

/** SPEC §9: scans are approximate, shown with a ~ prefix. */
export const scansPerMonth = (plan: Pick<MembershipPlan, 'scans_count'>) => `~${count.format(plan.scans_count)} scans per month`;
/** Issue 19: how many domains a plan watches for look-alikes, and how often. */
export const watchedDomains = (plan: Pick<MembershipPlan, 'monitors_count' | 'monitor_check'>) =>
  `${count.format(plan.monitors_count)} domain${plan.monitors_count === 1 ? '' : 's'}, checked ${plan.monitor_check}`;
export const tokensPerMonth = (plan: Pick<MembershipPlan, 'tokens_count'>) => `${count.format(plan.tokens_count)} tokens per month`;

/** US dollars without cents when whole: $20, $192, $19.50. */
export function dollars(amount: number): string {
  return `$${Number.isInteger(amount) ? count.format(amount) : amount.toFixed(2)}`;
}
