import type { CurrentMembership, SinglePlan } from '@riskscan/contracts';

/** What the shop's button offers (SPEC §2): the label, and whether it is a button at all. */
export function purchaseLabel(plan: SinglePlan, current: CurrentMembership | null | undefined, busy: boolean): string {
  if (busy) return 'Please Wait...';
  if (current && plan.price === current.price) return 'Current Membership';
  if (!current) return 'Purchase Membership';
  return plan.price > current.price ? 'Upgrade Membership' : 'Downgrade Membership';
}

export type PurchaseRoute = 'checkout' | 'upgrade' | 'downgrade';

/**
 * SPEC §4 membership change: no membership, a Free plan or a canceled one pays through the
 * checkout; an active paid membership changes directly, up when the new plan is dearer.
 */
export function purchaseRoute(plan: SinglePlan, current: CurrentMembership | null | undefined): PurchaseRoute {
  if (!current || current.plan_type === 'Free' || current.canceled || !current.subscriptionId) return 'checkout';
  return current.price < plan.price ? 'upgrade' : 'downgrade';
}

/** The modal's Total: the full price without a live membership, otherwise the cost to upgrade. */
export function checkoutTotal(plan: SinglePlan, current: CurrentMembership | null | undefined): number {
  return !current || current.canceled ? plan.price : plan.cost_to_upgrade;
}
