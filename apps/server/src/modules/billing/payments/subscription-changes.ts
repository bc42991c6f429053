import {
  type CheckoutSessionResponse,
  type CurrentMembership,
  MEMBERSHIP_MESSAGES,
  type MembershipChangeRequest,
  type SubscriptionResult,
} from '@riskscan/contracts';
import { InvalidError, NotFoundError } from '../../../domain-errors.ts';
import { canCancel } from '../memberships/billing-calendar.ts';
import { currentMembership, type MembershipWithPlan, presentCurrentMembership } from '../memberships/current-membership.ts';
import type { MembershipsContext } from '../memberships/memberships-context.ts';
import { findLastCustomerId } from '../memberships/memberships.repository.ts';
import type { ProviderSubscription } from '../memberships/payment-events.ts';
import { syncSubscription } from '../memberships/subscription-sync.ts';
import { findFreePlan, findPlanByPriceId, findPlanByUid, isFree, type Plan } from '../plans/plans.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Where the hosted checkout sends the buyer back to (SPEC §2 payment result pages). */
export type CheckoutReturnUrls = { success: string; cancel: string };

export function checkoutReturnUrls(publicUrl: string): CheckoutReturnUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return { success: `${base}/payment/success/`, cancel: `${base}/payment/cancel/` };
}

export type PaymentsContext = { memberships: MembershipsContext; provider: PaymentProvider; returnUrls: CheckoutReturnUrls };
export type Buyer = { id: number; uid: string; email: string };

const notFound = (detail: string) => new NotFoundError(detail);
const refused = (detail: string) => new InvalidError(detail);

async function planByUid(ctx: PaymentsContext, uid: string): Promise<Plan> {
  const plan = await findPlanByUid(ctx.memberships.db, uid);
  if (!plan) throw notFound(MEMBERSHIP_MESSAGES.planNotFound);
  return plan;
}

const isLivePaid = ({ membership, plan }: MembershipWithPlan) => !isFree(plan) && !membership.cancel_at_period_end;

/** SPEC §4: no membership, Free or a cancelled one buys through the provider's hosted checkout. */
export async function createCheckout(
  ctx: PaymentsContext,
  buyer: Buyer,
  input: { planUid: string; cardHolderName: string },
): Promise<CheckoutSessionResponse> {
  const plan = await planByUid(ctx, input.planUid);
  if (isFree(plan)) throw refused(MEMBERSHIP_MESSAGES.freeNeedsNoPayment);
  const db = ctx.memberships.db;
  if (isLivePaid(await currentMembership(db, buyer.id, ctx.memberships.clock()))) throw refused(MEMBERSHIP_MESSAGES.activeSubscription);
  return ctx.provider.createCheckout({
    userUid: buyer.uid,
    email: buyer.email,
    customerId: await findLastCustomerId(db, buyer.id, ctx.provider.name),
    priceId: plan.price_id,
    cardHolderName: input.cardHolderName,
    successUrl: ctx.returnUrls.success,
    cancelUrl: ctx.returnUrls.cancel,
  });
}

/** Least privilege: the subscription named in a request must be the caller's current one. */
async function ownSubscription(ctx: PaymentsContext, userId: number, subscriptionId: string): Promise<MembershipWithPlan> {
  const current = await currentMembership(ctx.memberships.db, userId, ctx.memberships.clock());
  if (current.membership.provider !== ctx.provider.name || current.membership.subscription_id !== subscriptionId) {
    throw notFound(MEMBERSHIP_MESSAGES.subscriptionNotFound);
  }
  return current;
}

async function presentSubscription(ctx: PaymentsContext, subscription: ProviderSubscription): Promise<SubscriptionResult> {
  const next = subscription.cancelAtPeriodEnd ? (await findFreePlan(ctx.memberships.db)).price_id : subscription.scheduledPriceId;
  return {
    id: subscription.id,
    customer: subscription.customerId,
    plan: { id: subscription.priceId },
    phases: next ? [{ items: [{ price: next }] }] : [],
  };
}

/**
 * The payment backend's upgrade and downgrade (SPEC §7): an upgrade switches at once (a new
 * period, charged less the unused credit); a downgrade waits for the period end, and a downgrade
 * to Free is a cancellation, allowed up to 5 days before the end.
 */
export async function changeSubscription(
  ctx: PaymentsContext,
  userId: number,
  change: { kind: 'upgrade' | 'downgrade'; subscriptionId: string; priceId: string },
): Promise<SubscriptionResult> {
  const { membership, plan: currentPlan } = await ownSubscription(ctx, userId, change.subscriptionId);
  const target = await findPlanByPriceId(ctx.memberships.db, change.priceId);
  if (!target) throw notFound(MEMBERSHIP_MESSAGES.planNotFound);
  if (target.id === currentPlan.id) throw refused(MEMBERSHIP_MESSAGES.alreadyOnPlan);
  if (change.kind === 'upgrade') {
    if (target.price_cents <= currentPlan.price_cents) throw refused(MEMBERSHIP_MESSAGES.notAnUpgrade);
    return presentSubscription(ctx, await ctx.provider.upgrade(change.subscriptionId, target.price_id));
  }
  if (target.price_cents >= currentPlan.price_cents) throw refused(MEMBERSHIP_MESSAGES.notADowngrade);
  if (!isFree(target))
    return presentSubscription(
      ctx,
      await ctx.provider.scheduleDowngrade(change.subscriptionId, { id: target.price_id, duration: target.duration }),
    );
  if (!membership.period_end || !canCancel(membership.period_end, ctx.memberships.clock()))
    throw refused(MEMBERSHIP_MESSAGES.cancelTooLate);
  return presentSubscription(ctx, await ctx.provider.cancelAtPeriodEnd(change.subscriptionId));
}

/** Cancels the caller's paid subscription at period end (SPEC §9: up to 5 days before it expires). */
export async function cancelMembership(ctx: PaymentsContext, userId: number): Promise<CurrentMembership> {
  const db = ctx.memberships.db;
  const now = ctx.memberships.clock();
  const current = await currentMembership(db, userId, now);
  if (!isLivePaid(current) || !current.membership.subscription_id || current.membership.provider !== ctx.provider.name) {
    throw refused(MEMBERSHIP_MESSAGES.nothingToCancel);
  }
  if (!current.membership.period_end || !canCancel(current.membership.period_end, now)) throw refused(MEMBERSHIP_MESSAGES.cancelTooLate);
  const subscription = await ctx.provider.cancelAtPeriodEnd(current.membership.subscription_id);
  await syncSubscription(db, subscription, now, { mayReplace: false });
  return presentCurrentMembership(db, await currentMembership(db, userId, now), now);
}

/**
 * `POST /memberships/upgrade/`: records a change only once the provider confirms that the
 * caller's subscription carries (upgrade) or has scheduled (downgrade) the plan's price. The
 * client's word is never enough.
 */
export async function recordMembershipChange(
  ctx: PaymentsContext,
  userId: number,
  request: MembershipChangeRequest,
): Promise<CurrentMembership> {
  const db = ctx.memberships.db;
  const now = ctx.memberships.clock();
  const plan = await planByUid(ctx, request.plan_uid);
  const { subscriptionId, customerId, priceId } = request.payment_data;
  await ownSubscription(ctx, userId, subscriptionId);
  const subscription = await ctx.provider.getSubscription(subscriptionId);
  const confirmed =
    subscription !== null &&
    subscription.status === 'active' &&
    subscription.customerId === customerId &&
    priceId === plan.price_id &&
    (request.payment_status === 'Upgrade'
      ? subscription.priceId === plan.price_id
      : isFree(plan)
        ? subscription.cancelAtPeriodEnd
        : subscription.scheduledPriceId === plan.price_id);
  if (!confirmed) throw refused(MEMBERSHIP_MESSAGES.notVerified);
  await syncSubscription(db, subscription, now, { mayReplace: false });
  return presentCurrentMembership(db, await currentMembership(db, userId, now), now);
}
