import type { CurrentMembership, MembershipPlan, PlanName, SinglePlan } from '@riskscan/contracts';

/** The plans of SPEC §9, as the plans call answers them. */
const TABLE: Record<PlanName, { monthly: number; yearly: number; scans: number; tokens: number; monitors: number }> = {
  Free: { monthly: 0, yearly: 0, scans: 100, tokens: 150, monitors: 1 },
  Professional: { monthly: 20, yearly: 192, scans: 1000, tokens: 1500, monitors: 5 },
  Business: { monthly: 300, yearly: 2880, scans: 20000, tokens: 30000, monitors: 50 },
  Ultra: { monthly: 700, yearly: 6720, scans: 50000, tokens: 75000, monitors: 250 },
};

export function plan(name: PlanName, duration: 'month' | 'year' = 'month'): MembershipPlan {
  const row = TABLE[name];
  const paid = name !== 'Free';
  return {
    uid: `${name.toLowerCase()}-${duration}`,
    plan_name: name,
    price: duration === 'month' ? row.monthly : row.yearly,
    duration,
    scans_count: row.scans,
    tokens_count: row.tokens,
    monitors_count: row.monitors,
    monitor_check: paid ? 'hourly' : 'daily',
    api_access: paid,
    business_support: paid,
    custom_scan_rules: paid,
    rule_based_checks: true,
    export_results: paid,
    spoofing_detection: paid,
    external_reputation: paid,
    scan_profiles: paid,
    rest_api_access: paid,
    data_export: paid,
  };
}

const NAMES: PlanName[] = ['Free', 'Professional', 'Business', 'Ultra'];

export const plansAnswer = () => ({ Monthly: NAMES.map((n) => plan(n, 'month')), Yearly: NAMES.map((n) => plan(n, 'year')) });

export function singlePlan(name: PlanName, extra: Partial<SinglePlan> = {}): SinglePlan {
  const base = plan(name);
  return { ...base, monthly: base.price, priceId: `price_${name.toLowerCase()}`, cost_to_upgrade: base.price, unused_credit: 0, ...extra };
}

export function current(name: PlanName, extra: Partial<CurrentMembership> = {}): CurrentMembership {
  const base = plan(name);
  return {
    plan_uid: base.uid,
    plan_type: name,
    price: base.price,
    duration: 'month',
    canceled: false,
    subscriptionId: name === 'Free' ? null : 'sub_1',
    period_start: '2026-11-01T00:00:00Z',
    period_end: '2026-12-01T00:00:00Z',
    scans_used: 25,
    scans_limit: base.scans_count,
    tokens_used: 30,
    tokens_limit: base.tokens_count,
    scheduled_plan: null,
    ...extra,
  };
}
