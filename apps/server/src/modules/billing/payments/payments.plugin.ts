import fp from 'fastify-plugin';
import { defineJob, type Jobs } from '../../../jobs/index.ts';
import type { Config } from '../../../config.ts';
import type { Clock } from '../memberships/memberships-context.ts';
import { paymentBackendRoutes, paymentsApiRoutes } from './payments.routes.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { sandboxCheckoutRoutes } from './sandbox/sandbox-checkout.routes.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes.ts';
import { checkoutReturnUrls, type PaymentsContext } from './subscription-changes.ts';

export type Payments = {
  provider: PaymentProvider;
  /**
   * The periodic billing job: the sandbox renews, changes and ends subscriptions that are due
   * (Stripe does that itself and reports by webhook), then renewal reminders go out.
   */
  runBillingJobs(now: Date): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export type PaymentsOptions = {
  payments: Config['payments'];
  publicUrl: string;
  clock: Clock;
  /** Where the product API's payment calls and the payment backend live (DESIGN §4). */
  prefixes: { api: string; backend: string };
  /** Where the billing cycle is beaten: once across the API processes (decision 463). */
  jobs: Jobs;
};

/**
 * Payments: the provider chosen by PAYMENT_PROVIDER, its routes under the product API and the
 * payment backend, and the billing cycle as a repeating job.
 */
export const paymentsPlugin = fp<PaymentsOptions>(
  async (app, options) => {
    const { memberships } = app;
    const emit = memberships.applyPaymentEvent;
    const config = options.payments;
    const sandbox =
      config.provider === 'sandbox'
        ? createSandboxProvider({ db: app.db, clock: options.clock, publicUrl: options.publicUrl, emit })
        : null;
    const stripe = config.provider === 'stripe' ? createStripeProvider(config.stripe) : null;
    const provider: PaymentProvider = stripe ?? sandbox!;
    const context: PaymentsContext = { memberships: memberships.context, provider, returnUrls: checkoutReturnUrls(options.publicUrl) };

    async function runBillingJobs(now: Date): Promise<void> {
      if (sandbox) await sandbox.runBillingCycle(now);
      await memberships.sendDueReminders(now);
    }
    app.decorate('payments', { provider, runBillingJobs } satisfies Payments);

    await app.register(paymentsApiRoutes, { prefix: options.prefixes.api, payments: context });
    await app.register(
      async (backend) => {
        await backend.register(paymentBackendRoutes, { payments: context });
        if (sandbox) await backend.register(sandboxCheckoutRoutes, { provider: sandbox });
        if (stripe) {
          const handledBefore = (eventId: string) => memberships.paymentEventHandled('stripe', eventId);
          await backend.register(stripeWebhookRoutes, { provider: stripe, emit, handledBefore });
        }
      },
      { prefix: options.prefixes.backend },
    );

    if (config.billingJobIntervalSeconds > 0) {
      // Not retried: the next pass finds what is still due.
      const billing = defineJob<Record<string, never>>('billing-cycle', () => runBillingJobs(options.clock()), {
        attempts: 1,
        backoff: { type: 'fixed', delayMs: 0 },
        timeoutMs: 10 * 60_000,
      });
      app.addHook('onReady', () => options.jobs.every(billing, config.billingJobIntervalSeconds * 1000, {}));
    }
  },
  { name: 'payments', dependencies: ['memberships', 'database'] },
);
