import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { HttpError } from '../../../../plugins/errors.ts';
import type { PaymentEventSink } from '../../memberships/payment-events.ts';
import type { StripeProvider } from './stripe-provider.ts';

export const INVALID_SIGNATURE = 'Invalid webhook signature.';

/**
 * `POST /payments/webhooks/stripe/`: Stripe's signed events. The signature is checked over the
 * exact bytes received, so this scope keeps JSON bodies raw. Events are applied idempotently
 * (a redelivery answers 200 and changes nothing; a delivery id seen before is answered without
 * parsing it further); a failure answers 500 so Stripe retries.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  provider: StripeProvider;
  emit: PaymentEventSink;
  handledBefore: (eventId: string) => Promise<boolean>;
}> = async (app, { provider, emit, handledBefore }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/webhooks/stripe/', { config: { rateLimit: false } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new HttpError(400, { detail: INVALID_SIGNATURE });
    let event;
    try {
      event = await provider.parseWebhook(request.body, signature, handledBefore);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new HttpError(400, { detail: INVALID_SIGNATURE });
      throw error;
    }
    if (event) await emit(event);
    return { received: true };
  });
};
