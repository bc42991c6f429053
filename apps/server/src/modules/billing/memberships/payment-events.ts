import type { PaymentProviderName } from './memberships.repository.ts';

/**
 * A subscription as the payment provider holds it: the only account of a payment the server
 * believes (DESIGN §7). Both providers describe their subscriptions in these terms.
 */
export type ProviderSubscription = {
  provider: PaymentProviderName;
  id: string;
  customerId: string;
  /** The account it was bought for, as the checkout recorded it. */
  userUid: string | null;
  priceId: string;
  status: 'active' | 'incomplete' | 'canceled';
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The price a scheduled change moves to at period end. */
  scheduledPriceId: string | null;
};

export type PaidInvoice = { id: string; amountCents: number; currency: string; paidAt: Date };

/**
 * What a provider reports, already verified and with the subscription's current state. The
 * sandbox emits these itself; Stripe's signed webhooks are turned into them. Membership changes
 * happen only through these (and the membership-change call, which re-reads the provider).
 */
export type PaymentEvent = { provider: PaymentProviderName; id: string; subscription: ProviderSubscription } & (
  | { type: 'checkout.completed' }
  | { type: 'invoice.paid'; invoice: PaidInvoice }
  | { type: 'subscription.updated' }
  | { type: 'subscription.deleted' }
);

/** Applies an event; false when it was applied before (a replay). */
export type PaymentEventSink = (event: PaymentEvent) => Promise<boolean>;
