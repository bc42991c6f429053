import type { PlanDuration } from '@riskscan/contracts';
import type { PaymentProviderName } from '../memberships/memberships.repository.ts';
import type { ProviderSubscription } from '../memberships/payment-events.ts';

export type CheckoutRequest = {
  userUid: string;
  email: string;
  /** The provider customer the account paid with before, if any. */
  customerId: string | null;
  priceId: string;
  cardHolderName: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * What the product asks of a card processor. Every change a provider makes is reported back as
 * a `PaymentEvent` (the sandbox directly, Stripe through its signed webhooks); the answers here
 * are only for the caller's display.
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  /** A hosted checkout page for a new subscription. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The subscription as the provider holds it now; null when it does not know the id. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Switches to a dearer price at once: a new period starts, charged less the unused credit. */
  upgrade(subscriptionId: string, priceId: string): Promise<ProviderSubscription>;
  /** Moves to a cheaper price when the current period ends. */
  scheduleDowngrade(subscriptionId: string, price: { id: string; duration: PlanDuration }): Promise<ProviderSubscription>;
  /** Ends the subscription when the current period ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
};
