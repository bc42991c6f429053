import { z } from 'zod';
import { monitorCheckIntervalSchema } from './monitoring.ts';

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
  /** Domains the plan may watch for look-alikes, and how often they are checked (issue 19). */
  monitors_count: z.number().int().nonnegative(),
  monitor_check: monitorCheckIntervalSchema,
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** `GET {scan-api}/memberships/plans/`: two lists, each in the order Free, Professional, Business, Ultra. */
export const plansResponseSchema = z.object({ Monthly: z.array(membershipPlanSchema), Yearly: z.array(membershipPlanSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/**
 * `GET /memberships/plans/{id}/` (SPEC §3 Single plan). `monthly` is the price per month (a yearly
 * price divided by twelve); `unused_credit` is what is left of the caller's live paid period and
 * `cost_to_upgrade` the price less that credit (guests: no credit, the full price).
 */
export const singlePlanSchema = membershipPlanSchema.extend({
  monthly: z.number().nonnegative(),
  priceId: z.string(),
  cost_to_upgrade: z.number().nonnegative(),
  unused_credit: z.number().nonnegative(),
});
export type SinglePlan = z.infer<typeof singlePlanSchema>;

/** The plan a scheduled downgrade moves to at the end of the period. */
export const scheduledPlanSchema = z.object({
  uid: z.string(),
  plan_type: planNameSchema,
  price: z.number().nonnegative(),
  duration: planDurationSchema,
});

/** `current` of `GET /memberships/` (SPEC §3 plus the period and usage DESIGN §5 adds). */
export const currentMembershipSchema = z.object({
  plan_uid: z.string(),
  plan_type: planNameSchema,
  price: z.number().nonnegative(),
  duration: planDurationSchema,
  /** True once the subscription is set to end at period end (cancelled, or downgraded to Free). */
  canceled: z.boolean(),
  subscriptionId: z.string().nullable(),
  /** The billing period; Free has none and shows its current quota month. */
  period_start: z.string(),
  period_end: z.string(),
  /** Usage counts per month (SPEC §9), also within a yearly period: when the counts start again. */
  quota_resets_at: z.string().optional(),
  scans_used: z.number().int().nonnegative(),
  scans_limit: z.number().int().nonnegative(),
  tokens_used: z.number().int().nonnegative(),
  tokens_limit: z.number().int().nonnegative(),
  /** A downgrade scheduled for the end of the period (`period_end`), if any. */
  scheduled_plan: scheduledPlanSchema.nullable().default(null),
});
export type CurrentMembership = z.infer<typeof currentMembershipSchema>;

/** A past or current membership, newest first. */
export const membershipHistoryItemSchema = z.object({
  plan_uid: z.string(),
  plan_type: planNameSchema,
  price: z.number().nonnegative(),
  duration: planDurationSchema,
  started_at: z.string(),
  ended_at: z.string().nullable(),
});

export const membershipsResponseSchema = z.object({
  current: currentMembershipSchema.nullable(),
  history: z.array(membershipHistoryItemSchema).default([]),
});
export type MembershipsResponse = z.infer<typeof membershipsResponseSchema>;

/** `POST /api/v1/create-checkout-session/`: `url` is the provider's hosted checkout page. */
/** `card_holder_name` (optional, no rule: SPEC §5) lets the hosted checkout prefill the name. */
export const checkoutSessionRequestSchema = z.object({
  plan_uid: z.string().min(1).max(64),
  card_holder_name: z.string().max(200).optional(),
});
export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/**
 * The payment backend's answer to an upgrade or a scheduled downgrade (SPEC §3 Subscription
 * result): `plan.id` is the price the subscription carries now, `phases` the prices scheduled
 * next (the downgrade's price is `phases[0].items[0].price`).
 */
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

/** Purchase and membership-change messages (SPEC §8) the server answers with. */
export const MEMBERSHIP_MESSAGES = {
  planNotFound: 'Plan not found.',
  subscriptionNotFound: 'Subscription not found.',
  freeNeedsNoPayment: 'The Free plan needs no payment.',
  alreadyOnPlan: 'You are already on this plan.',
  activeSubscription: 'You already have an active subscription; upgrade or downgrade it instead.',
  notAnUpgrade: 'The chosen plan is not an upgrade of your current plan.',
  notADowngrade: 'The chosen plan is not a downgrade of your current plan.',
  notVerified: 'The payment provider does not confirm this change.',
  cancelTooLate: 'Subscriptions can be cancelled up to 5 days before they expire.',
  nothingToCancel: 'There is no paid subscription to cancel.',
  scanQuotaUsed: 'Your plan’s scans for this period are used up. Upgrade your plan or wait for the next period.',
  tokenQuotaUsed: 'Your plan’s tokens for this period are used up. Upgrade your plan or wait for the next period.',
} as const;
