import {
  type CheckoutSessionResponse,
  checkoutSessionResponseSchema,
  type MembershipChangeRequest,
  type SinglePlan,
  subscriptionResultSchema,
  type SubscriptionResult,
} from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

/** POST /create-checkout-session/: the provider's hosted checkout for a first or renewed plan. */
export const createCheckoutSession = async (planUid: string, cardHolderName: string): Promise<CheckoutSessionResponse> =>
  checkoutSessionResponseSchema.parse(
    await sessionRequest('api', '/create-checkout-session/', {
      body: { plan_uid: planUid, ...(cardHolderName.trim() ? { card_holder_name: cardHolderName.trim() } : {}) },
    }),
  );

/** The payment backend changes an active subscription: at once for an upgrade, at period end for a downgrade. */
export const changeSubscription = async (
  kind: 'upgrade' | 'downgrade',
  subscriptionId: string,
  priceId: string,
): Promise<SubscriptionResult> =>
  subscriptionResultSchema.parse(
    await sessionRequest('payments', `/${kind}-subscription/${encodeURIComponent(subscriptionId)}/${encodeURIComponent(priceId)}`, {
      method: 'POST',
    }),
  );

/** POST /memberships/upgrade/: records the change with the ids the payment side returned. */
export const recordMembershipChange = (body: MembershipChangeRequest) => sessionRequest('api', '/memberships/upgrade/', { body });

/** SPEC §3: a downgrade's price sits in the schedule's first phase; an upgrade's on the plan. */
export function changeRecord(plan: SinglePlan, status: 'Upgrade' | 'Downgrade', subscription: SubscriptionResult): MembershipChangeRequest {
  const priceId = status === 'Downgrade' ? subscription.phases?.[0]?.items[0]?.price : subscription.plan?.id;
  return {
    plan_uid: plan.uid,
    payment_status: status,
    payment_data: { subscriptionId: subscription.id, customerId: subscription.customer, priceId: priceId ?? plan.priceId },
  };
}
