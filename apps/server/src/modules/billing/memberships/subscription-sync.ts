import { findUserById, findUserByUid } from '../../accounts/index.ts';
import type { Executor } from '../../../db/database.ts';
import { findPlanByPriceId, isFree } from '../plans/plans.repository.ts';
import { currentMembership, startOnFree } from './current-membership.ts';
import {
  endMembership,
  findActiveMembershipBySubscription,
  insertActiveMembership,
  updateMembershipBilling,
} from './memberships.repository.ts';
import type { ProviderSubscription } from './payment-events.ts';

export type SyncResult = { userId: number; email: string } | null;

async function ownerOf(db: Executor, subscription: ProviderSubscription) {
  const membership = await findActiveMembershipBySubscription(db, subscription.provider, subscription.id);
  if (membership) return findUserById(db, membership.user_id);
  return subscription.userUid ? findUserByUid(db, subscription.userUid) : undefined;
}

/**
 * Makes the account's membership match what the provider says about one subscription: a new
 * purchase starts a membership, a changed price (upgrade, or a downgrade taking effect) starts
 * the next one in the history, a renewal moves the period (and with it the quota), and an ended
 * subscription puts the account back on Free. Applying the same state twice changes nothing.
 *
 * `mayReplace`: only a completed checkout may replace another paid subscription; any other
 * report about a subscription that is not the account's current one is stale and ignored.
 */
export async function syncSubscription(
  db: Executor,
  subscription: ProviderSubscription,
  now: Date,
  options: { mayReplace: boolean },
): Promise<SyncResult> {
  const user = await ownerOf(db, subscription);
  if (!user) return null;
  const { membership: current, plan: currentPlan } = await currentMembership(db, user.id, now);
  const isCurrent = current.provider === subscription.provider && current.subscription_id === subscription.id;
  const owner = { userId: user.id, email: user.email };

  if (subscription.status === 'canceled') {
    if (!isCurrent) return owner;
    await endMembership(db, current.id, now);
    await startOnFree(db, user.id, now);
    return owner;
  }
  if (subscription.status !== 'active') return owner;
  if (!isCurrent && !options.mayReplace && !isFree(currentPlan)) return owner;

  const plan = await findPlanByPriceId(db, subscription.priceId);
  if (!plan) throw new Error(`subscription ${subscription.id} carries an unknown price ${subscription.priceId}`);
  const scheduled = subscription.scheduledPriceId ? await findPlanByPriceId(db, subscription.scheduledPriceId) : undefined;
  const billing = {
    period_start: subscription.periodStart,
    period_end: subscription.periodEnd,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    scheduled_plan_id: scheduled?.id ?? null,
    customer_id: subscription.customerId,
  };
  if (isCurrent && current.plan_id === plan.id) {
    await updateMembershipBilling(db, current.id, billing);
    return owner;
  }
  await endMembership(db, current.id, now);
  await insertActiveMembership(db, {
    user_id: user.id,
    plan_id: plan.id,
    provider: subscription.provider,
    subscription_id: subscription.id,
    started_at: now,
    ...billing,
  });
  return owner;
}
