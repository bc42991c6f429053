import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderCheckoutPage, renderClosedCheckoutPage } from './checkout-page.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const params = z.object({ id: z.string().min(1).max(100) });
const cardForm = z.object({
  card_holder_name: z.string().max(200).default(''),
  card_number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The sandbox's hosted checkout under `/payments/checkout/{id}`. The unguessable session id is
 * the buyer's capability, as with a provider's hosted page: the browser arrives by redirect,
 * without the session token.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ provider: SandboxProvider }> = async (app, { provider }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function page(sessionId: string, extra: { error?: string; cardHolderName?: string; cardNumber?: string; expiry?: string } = {}) {
    const checkout = await provider.findOpenCheckout(sessionId);
    if (!checkout) return null;
    return renderCheckoutPage({
      sessionId: checkout.id,
      planName: checkout.plan.name,
      price: `$${(checkout.plan.price_cents / 100).toFixed(2)}`,
      duration: checkout.plan.duration,
      cardHolderName: extra.cardHolderName ?? checkout.cardHolderName,
      ...(extra.error ? { error: extra.error } : {}),
      ...(extra.cardNumber ? { cardNumber: extra.cardNumber } : {}),
      ...(extra.expiry ? { expiry: extra.expiry } : {}),
    });
  }

  app.get('/checkout/:id', { config: perIp(60), schema: { params } }, async (request, reply) => {
    const html = await page(request.params.id);
    return reply
      .status(html ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(html ?? renderClosedCheckoutPage());
  });

  app.post('/checkout/:id', { config: perIp(20), schema: { params, body: cardForm } }, async (request, reply) => {
    const { card_number: number, expiry, cvc, card_holder_name: cardHolderName } = request.body;
    const result = await provider.payCheckout(request.params.id, { number, expiry, cvc });
    if (result.approved) return reply.redirect(result.redirectTo, 303);
    const html = await page(request.params.id, { error: result.message, cardHolderName, cardNumber: number, expiry });
    return reply
      .status(html ? 402 : 404)
      .type('text/html; charset=utf-8')
      .send(html ?? renderClosedCheckoutPage());
  });

  app.post('/checkout/:id/cancel', { config: perIp(20), schema: { params } }, async (request, reply) => {
    const cancelUrl = await provider.cancelCheckout(request.params.id);
    if (!cancelUrl) return reply.status(404).type('text/html; charset=utf-8').send(renderClosedCheckoutPage());
    return reply.redirect(cancelUrl, 303);
  });
};
