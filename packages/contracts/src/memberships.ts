import { z } from 'zod';

/**
 * Plans, memberships and the payment hand-off (SPEC §3, §7, §9; DESIGN §5, §7). Prices are US
 * dollars as numbers; `duration` is the billing period of the price.
 */

export const PLAN_NAMES = ['Free', 'Professional', 'Business', 'Ultra'] as const;
export const planNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof planNameSchema>;

export const BILLING_PERIODS = ['Monthly', 'Yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const planDurationSchema = z.enum(['month', 'year']);
export type PlanDuration = z.infer<typeof planDurationSchema>;

/** The feature flags every plan carries (SPEC §3 Membership plan). */
export const planFlagsSchema = z.object({
  api_access: z.boolean(),
  business_support: z.boolean(),
  custom_scan_rules: z.boolean(),
  rule_based_checks: z.boolean(),
  export_results: z.boolean(),
  spoofing_detection: z.boolean(),
  external_reputation: z.boolean(),
  scan_profiles: z.boolean(),
  rest_api_access: z.boolean(),
  data_export: z.boolean(),
});
export type PlanFlags = z.infer<typeof planFlagsSchema>;

/** One row of the plans call; name, price and period are what the comparison table prints. */
export const membershipPlanSchema = planFlagsSchema.extend({
  uid: z.string(),
  plan_name: planNameSchema,
  price: z.number().nonnegative(),
  duration: planDurationSchema,
  scans_count: z.number().int().nonnegative(),
  tokens_count: z.number().int().nonnegative(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** `GET {scan-api}/memberships/plans/`: two lists, each in the order Free, Professional, Business, Ultra. */
export const plansResponseSchema = z.object({ Monthly: z.array(membershipPlanSchema), Yearly: z.array(membershipPlanSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/**
 * `GET /memberships/plans/{id}/` (SPEC §3 Single plan). `monthly` is the price billed per month;
 * `cost_to_upgrade` and `unused_credit` are worked out for the signed-in caller (0 for guests).
 */
export const singlePlanSchema = membershipPlanSchema.extend({
  monthly: z.number().nonnegative(),
  priceId: z.string(),
  cost_to_upgrade: z.number().nonnegative(),
  unused_credit: z.number().nonnegative(),
});
export type SinglePlan = z.infer<typeof singlePlanSchema>;

/** `current` of `GET /memberships/` (SPEC §3 plus the period and usage DESIGN §5 adds). */
export const currentMembershipSchema = z.object({
  plan_uid: z.string(),
  plan_type: planNameSchema,
  price: z.number().nonnegative(),
  duration: planDurationSchema,
  canceled: z.boolean(),
  subscriptionId: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  scans_used: z.number().int().nonnegative(),
  scans_limit: z.number().int().nonnegative(),
  tokens_used: z.number().int().nonnegative(),
  tokens_limit: z.number().int().nonnegative(),
});
export type CurrentMembership = z.infer<typeof currentMembershipSchema>;

export const membershipsResponseSchema = z.object({ current: currentMembershipSchema.nullable() });
export type MembershipsResponse = z.infer<typeof membershipsResponseSchema>;

/** `POST /api/v1/create-checkout-session/`: `url` is the provider's hosted checkout page. */
/** `card_holder_name` (optional, no rule: SPEC §5) lets the hosted checkout prefill the name. */
export const checkoutSessionRequestSchema = z.object({
  plan_uid: z.string().min(1).max(64),
  card_holder_name: z.string().max(200).optional(),
});
export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** The payment backend's answer to an upgrade or a scheduled downgrade (SPEC §3 Subscription result). */
export const subscriptionResultSchema = z.object({
  id: z.string(),
  customer: z.string(),
  plan: z.object({ id: z.string() }).nullable(),
  phases: z.array(z.object({ items: z.array(z.object({ price: z.string() })) })).optional(),
});
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

export const MEMBERSHIP_CHANGE_STATUSES = ['Upgrade', 'Downgrade'] as const;

/** `POST /memberships/upgrade/`: records a change the payment backend has made or scheduled. */
export const membershipChangeRequestSchema = z.object({
  plan_uid: z.string().min(1).max(64),
  payment_status: z.enum(MEMBERSHIP_CHANGE_STATUSES),
  payment_data: z.object({ subscriptionId: z.string().max(255), customerId: z.string().max(255), priceId: z.string().max(255) }),
});
export type MembershipChangeRequest = z.infer<typeof membershipChangeRequestSchema>;
