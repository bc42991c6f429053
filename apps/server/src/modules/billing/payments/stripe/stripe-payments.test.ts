import { MEMBERSHIP_MESSAGES, type SinglePlan, type SubscriptionResult } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';
import { membershipsOf, plansByName, signedInUser, type SignedInUser } from '../../memberships/testing/billing-fixtures.ts';
import { recordChange } from '../testing/membership-change.ts';
import { createStripeClient } from './stripe-provider.ts';
import { INVALID_SIGNATURE } from './stripe-webhook.routes.ts';
import { type FakeStripe, type StripeEvent, startFakeStripe } from './testing/fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_riskscan_test_secret';
const PRICES = {
  price_professional_monthly: { amount: 2000, interval: 'month' },
  price_business_monthly: { amount: 30000, interval: 'month' },
  price_ultra_monthly: { amount: 70000, interval: 'month' },
  price_professional_yearly: { amount: 19200, interval: 'year' },
} as const;

let inbox: SmtpInbox;
let fake: FakeStripe;
let t: TestApp;
let plans: Awaited<ReturnType<typeof plansByName>>;
let signer: ReturnType<typeof createStripeClient>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  fake = await startFakeStripe(PRICES);
  t = await createTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'http://shop.test',
    BILLING_JOB_INTERVAL_SECONDS: '0',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  plans = await plansByName(t.app);
  signer = createStripeClient({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await inbox?.close();
});

/** Delivers an event the way Stripe does: the raw JSON with a `Stripe-Signature` header. */
function deliver(event: StripeEvent, secret = WEBHOOK_SECRET, payload = JSON.stringify(event)) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/stripe/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function deliverAll(events: StripeEvent[]) {
  for (const event of events) {
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function subscribe(user: SignedInUser, planUid: string, periodStart?: Date) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/create-checkout-session/',
    headers: user.headers,
    payload: { plan_uid: planUid },
  });
  expect(created.statusCode, created.body).toBe(200);
  const session = created.json<{ id: string; url: string }>();
  const { subscriptionId, events } = fake.completeCheckout(session.id, periodStart);
  await deliverAll(events);
  return { session, subscriptionId, events };
}

describe('Stripe checkout and webhooks', () => {
  it('creates a Checkout Session in subscription mode for the signed-in buyer', async () => {
    const user = await signedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/create-checkout-session/',
      headers: user.headers,
      payload: { plan_uid: plans.monthly('Business').uid },
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json<{ id: string; url: string }>();
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const request = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_business_monthly', quantity: '1' }],
      success_url: 'http://shop.test/payment/success/',
      cancel_url: 'http://shop.test/payment/cancel/',
      client_reference_id: user.uid,
      customer_email: user.email,
      subscription_data: { metadata: { user_uid: user.uid } },
    });
  });

  it('starts the membership from the signed events and mails the receipt', async () => {
    const user = await signedInUser(t.app);
    const { subscriptionId } = await subscribe(user, plans.monthly('Professional').uid);
    const { current } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({ plan_type: 'Professional', subscriptionId, canceled: false, scans_limit: 1000 });
    const receipt = await inbox.take(user.email);
    expect(receipt.subject).toBe('Your riskscan receipt: Professional plan');
    expect(receipt.text).toContain('$20.00');
  });

  it('applies a replayed event once: no second receipt, no second history entry', async () => {
    const user = await signedInUser(t.app);
    const { events } = await subscribe(user, plans.monthly('Professional').uid);
    await inbox.take(user.email);
    const before = await membershipsOf(t.app, user);

    await deliverAll(events);
    await deliverAll(events);
    expect(await membershipsOf(t.app, user)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('answers a replayed delivery from the delivery ids seen, before asking Stripe anything', async () => {
    const user = await signedInUser(t.app);
    const { events } = await subscribe(user, plans.monthly('Professional').uid);
    await inbox.take(user.email);
    const payload = JSON.stringify(events[0]);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const asked = fake.requests.length;
    const replay = await t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(replay.statusCode).toBe(200);
    expect(fake.requests.length).toBe(asked);
  });

  it('refuses forged, tampered and unsigned webhooks and changes nothing', async () => {
    const user = await signedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/create-checkout-session/',
      headers: user.headers,
      payload: { plan_uid: plans.monthly('Ultra').uid },
    });
    const { events } = fake.completeCheckout(created.json<{ id: string }>().id);
    const [completed] = events;

    const forged = await deliver(completed!, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: INVALID_SIGNATURE });

    const signedPayload = JSON.stringify(completed);
    const signature = signer.webhooks.generateTestHeaderString({ payload: signedPayload, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: signedPayload.replace(user.uid, '00000000-0000-0000-0000-000000000000'),
    });
    expect(tampered.statusCode).toBe(400);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/stripe/',
      headers: { 'content-type': 'application/json' },
      payload: signedPayload,
    });
    expect(unsigned.statusCode).toBe(400);

    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Free');
  });
});

describe('Stripe subscription changes', () => {
  it('upgrades with proration from a new period and records it once Stripe confirms the price', async () => {
    const user = await signedInUser(t.app);
    const start = new Date(Date.now() - 10 * 86_400_000);
    const { subscriptionId } = await subscribe(user, plans.monthly('Professional').uid, start);
    await inbox.take(user.email);

    const business = plans.monthly('Business');
    const quote = (
      await t.app.inject({ method: 'GET', url: `/api/v1/memberships/plans/${business.uid}/`, headers: user.headers })
    ).json<SinglePlan>();
    expect(quote.unused_credit).toBeGreaterThan(12);
    expect(quote.unused_credit).toBeLessThan(14.5);
    expect(quote.cost_to_upgrade).toBeCloseTo(300 - quote.unused_credit, 2);

    const changed = await t.app.inject({
      method: 'POST',
      url: `/payments/upgrade-subscription/${subscriptionId}/${quote.priceId}`,
      headers: user.headers,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<SubscriptionResult>();
    expect(result).toMatchObject({ id: subscriptionId, plan: { id: 'price_business_monthly' }, phases: [] });
    const update = fake.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`)!;
    expect(update.params).toMatchObject({
      items: [{ price: 'price_business_monthly' }],
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
    });

    expect((await recordChange(t.app, user, plans.monthly('Ultra').uid, 'Upgrade', result, 'price_ultra_monthly')).json()).toEqual({
      detail: MEMBERSHIP_MESSAGES.notVerified,
    });
    const recorded = await recordChange(t.app, user, business.uid, 'Upgrade', result, result.plan!.id);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ plan_type: 'Business', subscriptionId });

    // The prorated invoice arrives by webhook: its receipt charges the new price less the credit.
    await deliverAll(fake.takeInvoiceEvents());
    const receipt = await inbox.take(user.email);
    expect(receipt.subject).toBe('Your riskscan receipt: Business plan');
    const charged = Number(/Amount: \$([\d,.]+)/.exec(receipt.text)![1]!.replace(',', ''));
    expect(charged).toBeCloseTo(quote.cost_to_upgrade, 0);
    expect((await membershipsOf(t.app, user)).history.map((h) => h.plan_type)).toEqual(['Business', 'Professional', 'Free']);
  });

  it('schedules a downgrade with a subscription schedule, effective when Stripe ends the period', async () => {
    const user = await signedInUser(t.app);
    const { subscriptionId } = await subscribe(user, plans.monthly('Ultra').uid);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/payments/downgrade-subscription/${subscriptionId}/price_professional_monthly`,
      headers: user.headers,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<SubscriptionResult>();
    expect(result.plan?.id).toBe('price_ultra_monthly');
    expect(result.phases?.[0]?.items[0]?.price).toBe('price_professional_monthly');
    const scheduleUpdate = fake.requests.findLast((r) => r.path.startsWith('/v1/subscription_schedules/'))!;
    expect(scheduleUpdate.params).toMatchObject({
      end_behavior: 'release',
      phases: [
        { items: [{ price: 'price_ultra_monthly' }] },
        { items: [{ price: 'price_professional_monthly' }], duration: { interval: 'month' } },
      ],
    });

    const recorded = await recordChange(t.app, user, plans.monthly('Professional').uid, 'Downgrade', result, 'price_professional_monthly');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      plan_type: 'Ultra',
      scheduled_plan: { uid: plans.monthly('Professional').uid, plan_type: 'Professional' },
    });

    await deliverAll(fake.endPeriod(subscriptionId));
    expect((await membershipsOf(t.app, user)).current).toMatchObject({
      plan_type: 'Professional',
      subscriptionId,
      scheduled_plan: null,
    });
  });

  it('ends on Free when Stripe deletes a cancelled subscription', async () => {
    const user = await signedInUser(t.app);
    const { subscriptionId } = await subscribe(user, plans.yearly('Professional').uid);
    const canceled = await t.app.inject({ method: 'POST', url: '/api/v1/memberships/cancel/', headers: user.headers });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ plan_type: 'Professional', duration: 'year', canceled: true });
    expect(fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST')!.params).toMatchObject({
      cancel_at_period_end: 'true',
    });

    await deliverAll(fake.endPeriod(subscriptionId));
    expect((await membershipsOf(t.app, user)).current).toMatchObject({ plan_type: 'Free', subscriptionId: null });
  });

  it('never lets one account touch another account’s subscription', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const { subscriptionId } = await subscribe(owner, plans.monthly('Professional').uid);
    const calls = fake.requests.length;
    for (const kind of ['upgrade', 'downgrade']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/payments/${kind}-subscription/${subscriptionId}/price_business_monthly`,
        headers: stranger.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(fake.requests.length).toBe(calls);
  });
});

describe('Stripe API answers', () => {
  it('treats a subscription Stripe does not know as none', async () => {
    expect(await t.app.payments.provider.getSubscription('sub_does_not_exist')).toBeNull();
  });
});
