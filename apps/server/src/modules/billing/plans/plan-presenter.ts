import type { MembershipPlan, PlanFlags, PlansResponse } from '@riskscan/contracts';
import type { Plan } from './plans.repository.ts';

export const dollars = (cents: number) => cents / 100;

export function planFlagsOf(plan: Plan): PlanFlags {
  return {
    api_access: plan.api_access,
    business_support: plan.business_support,
    custom_scan_rules: plan.custom_scan_rules,
    rule_based_checks: plan.rule_based_checks,
    export_results: plan.export_results,
    spoofing_detection: plan.spoofing_detection,
    external_reputation: plan.external_reputation,
    scan_profiles: plan.scan_profiles,
    rest_api_access: plan.rest_api_access,
    data_export: plan.data_export,
  };
}

export function presentPlan(plan: Plan): MembershipPlan {
  return {
    uid: plan.uid,
    plan_name: plan.name,
    price: dollars(plan.price_cents),
    duration: plan.duration,
    scans_count: plan.scans_count,
    tokens_count: plan.tokens_count,
    monitors_count: plan.monitors_count,
    monitor_check: plan.monitor_check,
    ...planFlagsOf(plan),
  };
}

/** `plans` as `listPlans` returns them: already in the order the lists need. */
export function presentPlanLists(plans: Plan[]): PlansResponse {
  return {
    Monthly: plans.filter((plan) => plan.billing_period === 'Monthly').map(presentPlan),
    Yearly: plans.filter((plan) => plan.billing_period === 'Yearly').map(presentPlan),
  };
}
