import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';

describe('payment settings', () => {
  it('default to the sandbox with an hourly billing job', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', billingJobIntervalSeconds: 3600 });
  });

  it('take Stripe only with its secret key and webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      billingJobIntervalSeconds: 3600,
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:12111' },
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://example.test' })).toThrow(/STRIPE_API_BASE/);
  });
});
