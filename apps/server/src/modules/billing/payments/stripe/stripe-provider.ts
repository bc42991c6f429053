import Stripe from 'stripe';
import type { StripeSettings } from '../../../../config.ts';
import type { PaymentEvent, ProviderSubscription } from '../../memberships/payment-events.ts';
import type { PaymentProvider } from '../payment-provider.ts';

export type StripeProvider = PaymentProvider & {
  /**
   * Verifies a webhook's signature and turns it into a payment event carrying the subscription
   * as Stripe holds it now (so events arriving out of order still leave the right state).
   * Throws `Stripe.errors.StripeSignatureVerificationError` for a forged or stale signature;
   * null for events the product does not act on, and for a delivery `handledBefore` has seen
   * (a replay is answered before anything is asked of Stripe).
   */
  parseWebhook(rawBody: Buffer, signature: string, handledBefore?: (eventId: string) => Promise<boolean>): Promise<PaymentEvent | null>;
};

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

const STATUS: Partial<Record<Stripe.Subscription.Status, ProviderSubscription['status']>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'active',
  canceled: 'canceled',
  unpaid: 'canceled',
  incomplete_expired: 'canceled',
};

/** The price a subscription schedule moves to after the current period, if it changes. */
function scheduledPrice(subscription: Stripe.Subscription, periodEnd: number, currentPrice: string): string | null {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === 'string' || schedule.status !== 'active') return null;
  const next = schedule.phases.find((phase) => phase.start_date >= periodEnd);
  const price = next?.items[0]?.price;
  return price && idOf(price) !== currentPrice ? idOf(price) : null;
}

export function describeStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return {
    provider: 'stripe',
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userUid: subscription.metadata?.user_uid ?? null,
    priceId: item.price.id,
    status: STATUS[subscription.status] ?? 'incomplete',
    periodStart: new Date(item.current_period_start * 1000),
    periodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledPriceId: scheduledPrice(subscription, item.current_period_end, item.price.id),
  };
}

const EXPAND = ['schedule'];

/**
 * Stripe through its official SDK: Checkout Sessions in subscription mode, immediate upgrades
 * invoiced with proration from a new billing period, downgrades as a subscription schedule
 * phase starting at period end, cancellation at period end.
 */
export function createStripeProvider(settings: StripeSettings, stripe = createStripeClient(settings)): StripeProvider {
  async function retrieve(subscriptionId: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async function live(subscriptionId: string): Promise<Stripe.Subscription> {
    const subscription = await retrieve(subscriptionId);
    if (!subscription) throw new Error(`Stripe does not know subscription ${subscriptionId}`);
    return subscription;
  }

  /** A pending schedule would undo an upgrade or a cancellation at period end; let it go first. */
  async function releaseSchedule(subscription: Stripe.Subscription): Promise<void> {
    const schedule = subscription.schedule;
    if (schedule && (typeof schedule === 'string' || schedule.status === 'active' || schedule.status === 'not_started')) {
      await stripe.subscriptionSchedules.release(idOf(schedule));
    }
  }

  async function describeById(subscriptionId: string): Promise<ProviderSubscription | null> {
    const subscription = await retrieve(subscriptionId);
    return subscription ? describeStripeSubscription(subscription) : null;
  }

  async function eventSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const subscription = await describeById(subscriptionId);
    if (!subscription) throw new Error(`webhook names an unknown subscription ${subscriptionId}`);
    return subscription;
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userUid,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        metadata: { user_uid: request.userUid },
        subscription_data: { metadata: { user_uid: request.userUid } },
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
      return { id: session.id, url: session.url };
    },

    getSubscription: describeById,

    async upgrade(subscriptionId, priceId) {
      const subscription = await live(subscriptionId);
      await releaseSchedule(subscription);
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: subscription.items.data[0]!.id, price: priceId }],
        billing_cycle_anchor: { type: 'now' },
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        expand: EXPAND,
      });
      return describeStripeSubscription(updated);
    },

    async scheduleDowngrade(subscriptionId, price) {
      const subscription = await live(subscriptionId);
      const item = subscription.items.data[0]!;
      const schedule =
        subscription.schedule && typeof subscription.schedule !== 'string' && subscription.schedule.status === 'active'
          ? subscription.schedule
          : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
          { items: [{ price: price.id, quantity: 1 }], duration: { interval: price.duration, interval_count: 1 } },
        ],
      });
      return describeStripeSubscription(await live(subscriptionId));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await releaseSchedule(await live(subscriptionId));
      return describeStripeSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, expand: EXPAND }));
    },

    async parseWebhook(rawBody, signature, handledBefore) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      if (await handledBefore?.(event.id)) return null;
      const base = { provider: 'stripe' as const, id: event.id };
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          if (session.mode !== 'subscription' || !session.subscription) return null;
          const subscription = await eventSubscription(idOf(session.subscription));
          return {
            ...base,
            type: 'checkout.completed',
            subscription: { ...subscription, userUid: subscription.userUid ?? session.client_reference_id },
          };
        }
        case 'invoice.paid': {
          const invoice = event.data.object;
          const subscriptionId = invoice.parent?.subscription_details?.subscription;
          if (!subscriptionId) return null;
          const paidAt = invoice.status_transitions?.paid_at ?? event.created;
          return {
            ...base,
            type: 'invoice.paid',
            subscription: await eventSubscription(idOf(subscriptionId)),
            invoice: {
              id: invoice.id ?? event.id,
              amountCents: invoice.amount_paid,
              currency: invoice.currency,
              paidAt: new Date(paidAt * 1000),
            },
          };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return {
            ...base,
            type: event.type === 'customer.subscription.updated' ? 'subscription.updated' : 'subscription.deleted',
            subscription: await eventSubscription(event.data.object.id),
          };
        default:
          return null;
      }
    },
  };
}
