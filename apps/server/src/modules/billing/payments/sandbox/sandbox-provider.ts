import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/database.ts';
import { addPeriod, unusedCreditCents } from '../../memberships/billing-calendar.ts';
import type { Clock } from '../../memberships/memberships-context.ts';
import type { PaymentEvent, PaymentEventSink, ProviderSubscription } from '../../memberships/payment-events.ts';
import { findPlanByPriceId, type Plan } from '../../plans/plans.repository.ts';
import { MEMBERSHIP_MESSAGES } from '@riskscan/contracts';
import type { PaymentProvider } from '../payment-provider.ts';
import {
  closeCheckoutSession,
  findCheckoutSession,
  findSubscription,
  hasRenewingSubscription,
  insertCheckoutSession,
  insertSubscription,
  listSubscriptionsDue,
  type SandboxSubscription,
  updateSubscription,
} from './sandbox.repository.ts';
import { type CardInput, chargeTestCard } from './test-cards.ts';

/** Ids in Stripe's style; checkout ids are the capability to pay, so they are unguessable. */
const newId = (prefix: string, bytes = 12) => `${prefix}_sbx_${randomBytes(bytes).toString('base64url')}`;

/** What the hosted checkout page shows for an open session. */
export type OpenCheckout = { id: string; plan: Plan; cardHolderName: string };

export type SandboxProvider = PaymentProvider & {
  /** The session if it can still be paid; null once paid, cancelled or unknown. */
  findOpenCheckout(sessionId: string): Promise<OpenCheckout | null>;
  /** Pays an open checkout with a test card; on approval the subscription starts and is reported. */
  payCheckout(sessionId: string, card: CardInput): Promise<{ approved: true; redirectTo: string } | { approved: false; message: string }>;
  /** The buyer gave up: the session closes and the cancel page follows. */
  cancelCheckout(sessionId: string): Promise<string | null>;
  /** Renews, changes or ends every subscription whose period is over at `now`, as a processor's billing run would. */
  runBillingCycle(now: Date): Promise<void>;
};

export type SandboxProviderOptions = { db: Db; clock: Clock; publicUrl: string; emit: PaymentEventSink };

function describe(subscription: SandboxSubscription): ProviderSubscription {
  return {
    provider: 'sandbox',
    id: subscription.id,
    customerId: subscription.customer_id,
    userUid: subscription.user_uid,
    priceId: subscription.price_id,
    status: subscription.status,
    periodStart: subscription.period_start,
    periodEnd: subscription.period_end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledPriceId: subscription.scheduled_price_id,
  };
}

/**
 * A card processor of our own, so a local install can sell plans end to end: hosted checkout
 * page, test cards, subscriptions that renew, upgrades charged less the unused credit, changes
 * scheduled for period end. It reports through the same events as Stripe's webhooks.
 */
export function createSandboxProvider({ db, clock, publicUrl, emit }: SandboxProviderOptions): SandboxProvider {
  const report = (type: Exclude<PaymentEvent['type'], 'invoice.paid'>, subscription: SandboxSubscription) =>
    emit({ provider: 'sandbox', id: newId('evt'), type, subscription: describe(subscription) });

  const reportPaid = (subscription: SandboxSubscription, amountCents: number) =>
    emit({
      provider: 'sandbox',
      id: newId('evt'),
      type: 'invoice.paid',
      subscription: describe(subscription),
      invoice: { id: newId('in'), amountCents, currency: 'usd', paidAt: clock() },
    });

  async function planFor(priceId: string): Promise<Plan> {
    const plan = await findPlanByPriceId(db, priceId);
    if (!plan) throw new Error(`sandbox: unknown price ${priceId}`);
    return plan;
  }

  async function liveSubscription(id: string): Promise<SandboxSubscription> {
    const subscription = await findSubscription(db, id);
    if (!subscription || subscription.status !== 'active') throw new Error(`sandbox: no active subscription ${id}`);
    return subscription;
  }

  return {
    name: 'sandbox',

    async createCheckout(request) {
      const id = newId('cs', 24);
      await insertCheckoutSession(db, {
        id,
        user_uid: request.userUid,
        customer_id: request.customerId ?? newId('cus'),
        price_id: request.priceId,
        status: 'open',
        card_holder_name: request.cardHolderName,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        subscription_id: null,
        created_at: clock(),
      });
      return { id, url: `${publicUrl.replace(/\/+$/, '')}/payments/checkout/${id}` };
    },

    async findOpenCheckout(sessionId) {
      const session = await findCheckoutSession(db, sessionId);
      if (session?.status !== 'open') return null;
      return { id: session.id, plan: await planFor(session.price_id), cardHolderName: session.card_holder_name };
    },

    async payCheckout(sessionId, card) {
      const session = await findCheckoutSession(db, sessionId);
      if (!session || session.status !== 'open') return { approved: false, message: 'This checkout session is no longer open.' };
      const now = clock();
      const outcome = chargeTestCard(card, now);
      if (!outcome.approved) return outcome;
      // Two checkouts opened side by side must not leave the buyer paying for two subscriptions.
      if (await hasRenewingSubscription(db, session.user_uid)) return { approved: false, message: MEMBERSHIP_MESSAGES.activeSubscription };
      const plan = await planFor(session.price_id);
      const subscriptionId = newId('sub');
      if (!(await closeCheckoutSession(db, session.id, 'complete', subscriptionId))) {
        return { approved: false, message: 'This checkout session is no longer open.' };
      }
      const subscription: SandboxSubscription = {
        id: subscriptionId,
        customer_id: session.customer_id,
        user_uid: session.user_uid,
        price_id: plan.price_id,
        status: 'active',
        period_start: now,
        period_end: addPeriod(now, plan.duration),
        cancel_at_period_end: false,
        scheduled_price_id: null,
      };
      await insertSubscription(db, subscription);
      await report('checkout.completed', subscription);
      await reportPaid(subscription, plan.price_cents);
      return { approved: true, redirectTo: session.success_url };
    },

    async cancelCheckout(sessionId) {
      const session = await findCheckoutSession(db, sessionId);
      if (!session || !(await closeCheckoutSession(db, session.id, 'canceled', null))) return null;
      return session.cancel_url;
    },

    async getSubscription(subscriptionId) {
      const subscription = await findSubscription(db, subscriptionId);
      return subscription ? describe(subscription) : null;
    },

    async upgrade(subscriptionId, priceId) {
      const now = clock();
      const current = await liveSubscription(subscriptionId);
      const [from, to] = [await planFor(current.price_id), await planFor(priceId)];
      const credit = unusedCreditCents(from.price_cents, current.period_start, current.period_end, now);
      const upgraded = await updateSubscription(db, subscriptionId, {
        price_id: to.price_id,
        period_start: now,
        period_end: addPeriod(now, to.duration),
        cancel_at_period_end: false,
        scheduled_price_id: null,
      });
      await report('subscription.updated', upgraded);
      await reportPaid(upgraded, Math.max(0, to.price_cents - credit));
      return describe(upgraded);
    },

    async scheduleDowngrade(subscriptionId, price) {
      await liveSubscription(subscriptionId);
      await planFor(price.id);
      const scheduled = await updateSubscription(db, subscriptionId, { scheduled_price_id: price.id, cancel_at_period_end: false });
      await report('subscription.updated', scheduled);
      return describe(scheduled);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await liveSubscription(subscriptionId);
      const canceling = await updateSubscription(db, subscriptionId, { cancel_at_period_end: true, scheduled_price_id: null });
      await report('subscription.updated', canceling);
      return describe(canceling);
    },

    async runBillingCycle(now) {
      for (const due of await listSubscriptionsDue(db, now)) {
        let subscription = due;
        while (subscription.status === 'active' && subscription.period_end <= now) {
          if (subscription.cancel_at_period_end) {
            subscription = await updateSubscription(db, subscription.id, { status: 'canceled' });
            await report('subscription.deleted', subscription);
            break;
          }
          const plan = await planFor(subscription.scheduled_price_id ?? subscription.price_id);
          subscription = await updateSubscription(db, subscription.id, {
            price_id: plan.price_id,
            scheduled_price_id: null,
            period_start: subscription.period_end,
            period_end: addPeriod(subscription.period_end, plan.duration),
          });
          await reportPaid(subscription, plan.price_cents);
        }
      }
    },
  };
}
