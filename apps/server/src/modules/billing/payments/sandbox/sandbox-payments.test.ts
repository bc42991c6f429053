import { MEMBERSHIP_MESSAGES, type SinglePlan, type SubscriptionResult } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';
import { addDays, unusedCreditCents } from '../../memberships/billing-calendar.ts';
import { createEntitlements } from '../../memberships/entitlements.ts';
import { membershipsOf, plansByName, signedInUser, type SignedInUser } from '../../memberships/testing/billing-fixtures.ts';
import { createTestClock } from '../../memberships/testing/test-clock.ts';
import { recordChange } from '../testing/membership-change.ts';

const PUBLIC_URL = 'http://shop.test';
const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

let inbox: SmtpInbox;
let t: TestApp;
const clock = createTestClock(new Date('2026-03-10T12:00:00Z'));
let plans: Awaited<ReturnType<typeof plansByName>>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL, BILLING_JOB_INTERVAL_SECONDS: '0' }, { clock: clock.now });
  plans = await plansByName(t.app);
});

afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function startCheckout(user: SignedInUser, planUid: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/create-checkout-session/',
    headers: user.headers,
    payload: { plan_uid: planUid },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json<{ id: string; url: string }>();
  expect(session.url).toBe(`${PUBLIC_URL}/payments/checkout/${session.id}`);
  return { ...session, path: new URL(session.url).pathname };
}

function payWith(path: string, cardNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card_holder_name: 'Ada Buyer', card_number: cardNumber, expiry: '12 / 34', cvc: '123' }).toString(),
  });
}

async function buy(user: SignedInUser, planUid: string) {
  const { path } = await startCheckout(user, planUid);
  const paid = await payWith(path, APPROVED);
  expect(paid.statusCode, paid.body).toBe(303);
  return paid;
}

async function changeSubscription(user: SignedInUser, kind: 'upgrade' | 'downgrade', subscriptionId: string, priceId: string) {
  return t.app.inject({ method: 'POST', url: `/payments/${kind}-subscription/${subscriptionId}/${priceId}`, headers: user.headers });
}

describe('new accounts', () => {
  it('start on the Free plan through the sign-up hook', async () => {
    const email = `hook-${Date.now()}@example.test`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register/',
      payload: { email, password1: 'Sup3r!secret', password2: 'Sup3r!secret' },
    });
    expect(registered.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('plans', 'plans.id', 'memberships.plan_id')
      .select(['plans.name', 'memberships.status'])
      .where('users.email', '=', email)
      .execute();
    expect(row).toEqual([{ name: 'Free', status: 'active' }]);
  });

  it('show the Free membership with its monthly quota', async () => {
    const user = await signedInUser(t.app);
    const { current, history } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({
      plan_type: 'Free',
      price: 0,
      canceled: false,
      subscriptionId: null,
      scans_used: 0,
      scans_limit: 100,
      tokens_used: 0,
      tokens_limit: 150,
      plan_uid: plans.monthly('Free').uid,
    });
    expect(history).toHaveLength(1);
  });

  it('refuses the memberships call without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/memberships/' })).statusCode).toBe(401);
  });
});

describe('sandbox checkout', () => {
  it('purchases a plan with an approved test card and mails a receipt', async () => {
    const user = await signedInUser(t.app);
    const { path } = await startCheckout(user, plans.monthly('Professional').uid);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Subscribe to the Professional plan');
    expect(page.body).toContain('$20.00');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const paid = await payWith(path, APPROVED);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PUBLIC_URL}/payment/success/`);

    const { current, history } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({
      plan_type: 'Professional',
      price: 20,
      duration: 'month',
      canceled: false,
      scans_limit: 1000,
      tokens_limit: 1500,
    });
    expect(current.subscriptionId).toMatch(/^sub_sbx_/);
    expect(current.period_start).toBe(clock.now().toISOString());
    expect(current.period_end).toBe('2026-04-10T12:00:00.000Z');
    expect(history.map((h) => [h.plan_type, h.ended_at === null])).toEqual([
      ['Professional', true],
      ['Free', false],
    ]);

    const receipt = await inbox.take(user.email);
    expect(receipt.subject).toBe('Your riskscan receipt: Professional plan');
    expect(receipt.text).toContain('$20.00');
    expect(receipt.text).toContain('Paid until: 2026-04-10');

    // The page cannot be paid twice.
    expect((await payWith(path, APPROVED)).statusCode).toBe(404);
  });

  it('keeps the account on Free when the card is declined, and lets the buyer retry', async () => {
    const user = await signedInUser(t.app);
    const { path } = await startCheckout(user, plans.monthly('Business').uid);

    const declined = await payWith(path, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    // The form comes back as typed, all but the CVC.
    expect(declined.body).toContain('value="Ada Buyer"');
    expect(declined.body).toContain(`value="${DECLINED}"`);
    expect(declined.body).toContain('value="12 / 34"');
    expect(declined.body).not.toContain('value="123"');
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Free');

    expect((await payWith(path, APPROVED)).statusCode).toBe(303);
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Business');
  });

  it('returns the buyer to the cancel page and changes nothing when checkout is cancelled', async () => {
    const user = await signedInUser(t.app);
    const { path } = await startCheckout(user, plans.yearly('Ultra').uid);
    const canceled = await t.app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`${PUBLIC_URL}/payment/cancel/`);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await payWith(path, APPROVED)).statusCode).toBe(404);
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Free');
  });

  it('refuses checkouts that make no sense, and strangers', async () => {
    const user = await signedInUser(t.app);
    const post = (payload: object, headers = user.headers) =>
      t.app.inject({ method: 'POST', url: '/api/v1/create-checkout-session/', headers, payload });
    expect((await post({ plan_uid: plans.monthly('Free').uid })).json()).toEqual({ detail: MEMBERSHIP_MESSAGES.freeNeedsNoPayment });
    expect((await post({ plan_uid: 'not-a-plan' })).statusCode).toBe(404);
    expect((await post({})).json()).toHaveProperty('plan_uid');
    expect((await post({ plan_uid: plans.monthly('Ultra').uid }, {} as typeof user.headers)).statusCode).toBe(401);

    await buy(user, plans.monthly('Professional').uid);
    const again = await post({ plan_uid: plans.monthly('Ultra').uid });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MEMBERSHIP_MESSAGES.activeSubscription });
  });
});

describe('two checkouts side by side', () => {
  it('charges only the first one paid', async () => {
    const user = await signedInUser(t.app);
    const first = await startCheckout(user, plans.monthly('Professional').uid);
    const second = await startCheckout(user, plans.monthly('Business').uid);
    expect((await payWith(first.path, APPROVED)).statusCode).toBe(303);
    const refused = await payWith(second.path, APPROVED);
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain('You already have an active subscription');
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Professional');
  });
});

describe('plan quotes', () => {
  it('shows guests the list price and the yearly plan per month', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/memberships/plans/${plans.yearly('Professional').uid}/` });
    expect(response.json<SinglePlan>()).toMatchObject({
      plan_name: 'Professional',
      price: 192,
      duration: 'year',
      monthly: 16,
      priceId: 'price_professional_yearly',
      cost_to_upgrade: 192,
      unused_credit: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/memberships/plans/5f0c8f7e-0000-0000-0000-000000000000/' })).statusCode).toBe(
      404,
    );
  });
});

describe('changing a paid subscription', () => {
  it('upgrades at once, charging the new price less the unused credit', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Professional').uid);
    await inbox.take(user.email);
    const before = (await membershipsOf(t.app, user)).current;

    clock.advanceDays(15);
    const business = plans.monthly('Business');
    const quote = (
      await t.app.inject({ method: 'GET', url: `/api/v1/memberships/plans/${business.uid}/`, headers: user.headers })
    ).json<SinglePlan>();
    const credit = unusedCreditCents(2000, new Date(before.period_start), new Date(before.period_end), clock.now());
    expect(credit).toBeGreaterThan(900);
    expect(credit).toBeLessThan(1100);
    expect(quote.unused_credit).toBe(credit / 100);
    expect(quote.cost_to_upgrade).toBe((30000 - credit) / 100);

    const changed = await changeSubscription(user, 'upgrade', before.subscriptionId!, quote.priceId);
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<SubscriptionResult>();
    expect(result).toMatchObject({ id: before.subscriptionId, plan: { id: 'price_business_monthly' } });
    expect(result.customer).toMatch(/^cus_sbx_/);

    const recorded = await recordChange(t.app, user, business.uid, 'Upgrade', result, result.plan!.id);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const { current, history } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({ plan_type: 'Business', price: 300, period_start: clock.now().toISOString(), scans_limit: 20000 });
    expect(history.map((h) => h.plan_type)).toEqual(['Business', 'Professional', 'Free']);

    const receipt = await inbox.take(user.email);
    expect(receipt.subject).toBe('Your riskscan receipt: Business plan');
    expect(receipt.text).toContain(`$${((30000 - credit) / 100).toFixed(2)}`);
  });

  it('records a change only when the provider confirms it, and only on the caller’s own subscription', async () => {
    const user = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    await buy(user, plans.monthly('Professional').uid);
    const { subscriptionId } = (await membershipsOf(t.app, user)).current;
    const sub = { id: subscriptionId!, customer: '', plan: null };
    const customer = (
      await t.app.db.selectFrom('memberships').select('customer_id').where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow()
    ).customer_id!;

    // A client's word is not enough: the subscription still carries the Professional price.
    const claimed = await recordChange(t.app, user, plans.monthly('Ultra').uid, 'Upgrade', { ...sub, customer }, 'price_ultra_monthly');
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toEqual({ detail: MEMBERSHIP_MESSAGES.notVerified });
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Professional');

    // Somebody else's subscription does not exist for the stranger.
    expect((await changeSubscription(stranger, 'upgrade', subscriptionId!, 'price_ultra_monthly')).statusCode).toBe(404);
    expect(
      (
        await recordChange(
          t.app,
          stranger,
          plans.monthly('Professional').uid,
          'Upgrade',
          { ...sub, customer },
          'price_professional_monthly',
        )
      ).statusCode,
    ).toBe(404);
    // Direction checks.
    expect((await changeSubscription(user, 'upgrade', subscriptionId!, 'price_free_monthly')).json()).toEqual({
      detail: MEMBERSHIP_MESSAGES.notAnUpgrade,
    });
    expect((await changeSubscription(user, 'downgrade', subscriptionId!, 'price_ultra_monthly')).json()).toEqual({
      detail: MEMBERSHIP_MESSAGES.notADowngrade,
    });
  });

  it('schedules a downgrade for the period end, when it takes effect with a new period and receipt', async () => {
    clock.set(new Date('2026-05-01T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Business').uid);
    await inbox.take(user.email);
    const { subscriptionId, period_end: periodEnd } = (await membershipsOf(t.app, user)).current;

    clock.advanceDays(3);
    const changed = await changeSubscription(user, 'downgrade', subscriptionId!, 'price_professional_monthly');
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<SubscriptionResult>();
    expect(result.plan?.id).toBe('price_business_monthly');
    expect(result.phases?.[0]?.items[0]?.price).toBe('price_professional_monthly');
    const recorded = await recordChange(
      t.app,
      user,
      plans.monthly('Professional').uid,
      'Downgrade',
      result,
      result.phases![0]!.items[0]!.price,
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      plan_type: 'Business',
      scheduled_plan: { uid: plans.monthly('Professional').uid, plan_type: 'Professional', price: 20, duration: 'month' },
      canceled: false,
    });

    // Nothing changes before the period ends.
    clock.set(addDays(new Date(periodEnd), -1));
    await t.app.payments.runBillingJobs(clock.now());
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Business');
    const reminder = await inbox.take(user.email);
    expect(reminder.subject).toMatch(/^Your riskscan Professional plan renews in/);
    expect(reminder.text).toContain('$20.00');

    clock.set(addDays(new Date(periodEnd), 0.01));
    await t.app.payments.runBillingJobs(clock.now());
    const { current } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({
      plan_type: 'Professional',
      period_start: periodEnd,
      period_end: '2026-07-01T00:00:00.000Z',
      scheduled_plan: null,
    });
    const receipt = await inbox.take(user.email);
    expect(receipt.subject).toBe('Your riskscan receipt: Professional plan');
    expect(receipt.text).toContain('$20.00');
  });

  it('treats a downgrade to Free as a cancellation at period end', async () => {
    clock.set(new Date('2026-05-20T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Professional').uid);
    const { subscriptionId, period_end: periodEnd } = (await membershipsOf(t.app, user)).current;

    clock.set(addDays(new Date(periodEnd), -3));
    expect((await changeSubscription(user, 'downgrade', subscriptionId!, 'price_free_monthly')).json()).toEqual({
      detail: MEMBERSHIP_MESSAGES.cancelTooLate,
    });

    clock.set(addDays(new Date(periodEnd), -10));
    const changed = await changeSubscription(user, 'downgrade', subscriptionId!, 'price_free_monthly');
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<SubscriptionResult>();
    expect(result.phases?.[0]?.items[0]?.price).toBe('price_free_monthly');
    const recorded = await recordChange(t.app, user, plans.monthly('Free').uid, 'Downgrade', result, 'price_free_monthly');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ plan_type: 'Professional', canceled: true });

    clock.set(addDays(new Date(periodEnd), 0.1));
    await t.app.payments.runBillingJobs(clock.now());
    expect((await membershipsOf(t.app, user)).current.plan_type).toBe('Free');
  });

  it('cancels up to 5 days before expiry, then falls back to Free at period end', async () => {
    clock.set(new Date('2026-06-01T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Professional').uid);
    const { period_end: periodEnd } = (await membershipsOf(t.app, user)).current;
    const cancel = () => t.app.inject({ method: 'POST', url: '/api/v1/memberships/cancel/', headers: user.headers });

    clock.set(addDays(new Date(periodEnd), -4));
    expect((await cancel()).json()).toEqual({ detail: MEMBERSHIP_MESSAGES.cancelTooLate });

    clock.set(addDays(new Date(periodEnd), -6));
    const canceled = await cancel();
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ plan_type: 'Professional', canceled: true });

    clock.set(addDays(new Date(periodEnd), 0.5));
    await t.app.payments.runBillingJobs(clock.now());
    const { current, history } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({ plan_type: 'Free', subscriptionId: null, canceled: false });
    expect(history.map((h) => h.plan_type)).toEqual(['Free', 'Professional', 'Free']);
    expect((await cancel()).json()).toEqual({ detail: MEMBERSHIP_MESSAGES.nothingToCancel });
  });
});

describe('renewal', () => {
  it('renews automatically and resets the quota for the new period', async () => {
    clock.set(new Date('2026-08-01T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Professional').uid);
    await inbox.take(user.email);

    expect(await t.app.memberships.consumeTokens(user.id, 1500)).toMatchObject({ allowed: true, used: 1500, limit: 1500 });
    expect(await t.app.memberships.consumeTokens(user.id, 1)).toMatchObject({ allowed: false, used: 1500 });
    expect(await t.app.memberships.consumeScan(user.id)).toMatchObject({ allowed: true, used: 1, limit: 1000 });
    expect((await membershipsOf(t.app, user)).current).toMatchObject({ tokens_used: 1500, scans_used: 1 });

    clock.set(new Date('2026-09-01T00:00:01Z'));
    await t.app.payments.runBillingJobs(clock.now());
    const { current } = await membershipsOf(t.app, user);
    expect(current).toMatchObject({
      plan_type: 'Professional',
      period_start: '2026-09-01T00:00:00.000Z',
      quota_resets_at: '2026-10-01T00:00:00.000Z',
      tokens_used: 0,
      scans_used: 0,
    });
    expect(await t.app.memberships.consumeTokens(user.id, 1)).toMatchObject({ allowed: true, used: 1 });
    expect((await inbox.take(user.email)).subject).toBe('Your riskscan receipt: Professional plan');
  });

  it('counts a yearly plan’s quota per month within the year', async () => {
    clock.set(new Date('2026-08-15T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.yearly('Business').uid);
    expect(await t.app.memberships.consumeTokens(user.id, 30000)).toMatchObject({
      allowed: true,
      resetsAt: new Date('2026-09-15T00:00:00Z'),
    });
    expect(await t.app.memberships.consumeTokens(user.id, 1)).toMatchObject({ allowed: false });

    clock.set(new Date('2026-09-15T00:00:00Z'));
    expect(await t.app.memberships.consumeTokens(user.id, 1)).toMatchObject({ allowed: true, used: 1 });
    expect((await membershipsOf(t.app, user)).current).toMatchObject({
      plan_type: 'Business',
      duration: 'year',
      period_start: '2026-08-15T00:00:00.000Z',
      period_end: '2027-08-15T00:00:00.000Z',
      quota_resets_at: '2026-10-15T00:00:00.000Z',
      tokens_used: 1,
    });
  });

  it('gives Free accounts a fresh quota every month and reports the plan flags', async () => {
    clock.set(new Date('2026-10-05T00:00:00Z'));
    const user = await signedInUser(t.app);
    const entitlements = createEntitlements({ db: t.app.db, clock: clock.now });
    expect(await entitlements.planName(user.id)).toBe('Free');
    expect(await entitlements.allows(user.id, 'rule_based_checks')).toBe(true);
    expect(await entitlements.allows(user.id, 'api_access')).toBe(false);
    expect(await entitlements.allows(user.id, 'spoofing_detection')).toBe(false);
    expect(await t.app.memberships.consumeTokens(user.id, 151)).toMatchObject({ allowed: false, used: 0, limit: 150 });
    expect(await t.app.memberships.consumeTokens(user.id, 150)).toMatchObject({ allowed: true });
    clock.set(new Date('2026-11-05T00:00:00Z'));
    expect(await t.app.memberships.consumeTokens(user.id, 150)).toMatchObject({
      allowed: true,
      used: 150,
      resetsAt: new Date('2026-12-05T00:00:00Z'),
    });
  });

  it('mails renewal reminders 15 and 6 days before, once each', async () => {
    clock.set(new Date('2027-01-01T00:00:00Z'));
    const user = await signedInUser(t.app);
    await buy(user, plans.monthly('Ultra').uid);
    await inbox.take(user.email);

    clock.set(new Date('2027-01-16T00:00:00Z'));
    await t.app.payments.runBillingJobs(clock.now());
    expect(inbox.messages.filter((m) => m.to.includes(user.email) && /renews/.test(m.subject))).toHaveLength(0);

    clock.set(new Date('2027-01-17T01:00:00Z'));
    await t.app.payments.runBillingJobs(clock.now());
    await t.app.payments.runBillingJobs(clock.now());
    expect((await inbox.take(user.email)).subject).toBe('Your riskscan Ultra plan renews in 15 days');

    clock.set(new Date('2027-01-26T01:00:00Z'));
    await t.app.payments.runBillingJobs(clock.now());
    const second = await inbox.take(user.email);
    expect(second.subject).toBe('Your riskscan Ultra plan renews in 6 days');
    expect(second.text).toContain('$700.00');
    expect(inbox.messages.filter((m) => m.to.includes(user.email) && /renews/.test(m.subject))).toHaveLength(2);
  });
});
