import '@/testing/jsdom-gaps.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigation, REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { useSession } from '@/lib/session.ts';
import { fail, fakeApi, type FakeRoute, heldAnswer, ok } from '@/testing/fake-api.ts';
import { passTime, userEventOptions } from '@/testing/fake-clock.ts';
import { current, singlePlan } from '@/testing/membership-fixtures.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import PurchaseRoute from './purchase-route.tsx';

// The 2-second redirects of SPEC §9 run on the real clock.
vi.setConfig({ testTimeout: 10_000 });

const at = { path: '/purchasedsubscription/business-month', pattern: '/purchasedsubscription/:id' };
const business = singlePlan('Business', { cost_to_upgrade: 280, unused_credit: 20 });

function signIn() {
  useSession.getState().signIn({ email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' });
}

function serve(membership: ReturnType<typeof current> | null, extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    '/api/v1/memberships/plans/business-month/': ok(business),
    '/api/v1/memberships/': ok({ current: membership }),
    ...extra,
  });
}

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
  go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('purchase page', () => {
  it('shows Our Shop, a skeleton, then the plan with its image, price, usage and features', async () => {
    const calls = serve(null);
    renderScreen(<PurchaseRoute />, at);
    expect(screen.getByRole('heading', { level: 1, name: 'Our Shop' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading plan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Business/ })).toHaveTextContent('Business$300 / month');
    expect(screen.getByRole('img', { name: 'Business plan' })).toBeInTheDocument();
    const usage = within(screen.getByRole('heading', { name: 'Usage' }).parentElement as HTMLElement).getAllByRole('listitem');
    expect(usage.map((li) => li.textContent)).toEqual([
      '~20,000 scans per month',
      '30,000 tokens per month',
      'Domain monitoring: 50 domains, checked hourly',
      'API Access',
      'Business Support',
      'Customizable Scan Rules',
    ]);
    expect(screen.getByText('AI-based image and brand spoofing detection (over 100,000 known brands)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase Membership' })).toBeEnabled();
    expect(calls.every((c) => c.auth === undefined)).toBe(true);
  });

  it('sends a visitor who is not signed in to /signin after Please log in first', async () => {
    // SPEC's 2-second redirect on a fake clock that jumps.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(null);
    const user = userEvent.setup(userEventOptions);
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Purchase Membership' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(screen.getByTestId('location')).not.toHaveTextContent(/^\/signin$/);
    await passTime(REDIRECT_DELAY_MS);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/);
  });

  it('shows Current Membership as a label, not a button, for the plan the member has', async () => {
    signIn();
    serve(current('Business'));
    renderScreen(<PurchaseRoute />, at);
    expect(await screen.findByText('Current Membership')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Membership/ })).not.toBeInTheDocument();
  });

  it('opens the Subscription modal for a first plan and hands off to the hosted checkout', async () => {
    signIn();
    const calls = serve(null, { 'POST /api/v1/create-checkout-session/': ok({ id: 'cs_1', url: '/payments/checkout/cs_1' }) });
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Purchase Membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscription' });
    expect(within(dialog).getByText('Business Plan')).toBeInTheDocument();
    expect(within(dialog).getByText('$300 billed monthly')).toBeInTheDocument();
    expect(within(dialog).getByText('Unused Credit').nextSibling).toHaveTextContent('$20');
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('$300');
    await user.type(within(dialog).getByLabelText('Card Holder Name'), 'Ana Muster');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/payments/checkout/cs_1'));
    const checkout = calls.find((c) => c.path === '/api/v1/create-checkout-session/');
    expect(checkout?.body).toEqual({ plan_uid: 'business-month', card_holder_name: 'Ana Muster' });
    expect(checkout?.auth).toBe('Bearer acc');
  });

  it('says Processing... while the checkout session is made, and refuses a checkout address that is no web page', async () => {
    signIn();
    const session = heldAnswer({ status: 200, body: { id: 'cs_1', url: 'javascript:alert(1)' } });
    serve(null, { 'POST /api/v1/create-checkout-session/': session.route });
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Purchase Membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    session.release();
    expect(await screen.findByText('Payment was not successfull!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });

  it('reloads the memberships when the Subscription modal is closed', async () => {
    signIn();
    const calls = serve(null);
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Purchase Membership' }));
    const loads = () => calls.filter((c) => c.path === '/api/v1/memberships/').length;
    const before = loads();
    await user.click(within(screen.getByRole('dialog', { name: 'Subscription' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(loads()).toBe(before + 1));
  });

  it('hides the card holder name when nothing is due and toasts a failed session', async () => {
    signIn();
    const free = singlePlan('Free');
    fakeApi({
      '/api/v1/memberships/plans/business-month/': ok(free),
      '/api/v1/memberships/': ok({ current: null }),
      'POST /api/v1/create-checkout-session/': fail(500, {}),
    });
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    expect(await screen.findByRole('heading', { name: /Free/ })).toHaveTextContent('Free$0 / month');
    await user.click(screen.getByRole('button', { name: 'Purchase Membership' }));
    expect(screen.queryByLabelText('Card Holder Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Membership Upgrade Error! Please contact with support!')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('upgrades an active paid member directly and records the change as Upgrade', async () => {
    signIn();
    const calls = serve(current('Professional'), {
      'POST /payments/upgrade-subscription/sub_1/price_business': ok({ id: 'sub_1', customer: 'cus_1', plan: { id: 'price_business' } }),
      'POST /api/v1/memberships/upgrade/': ok({}),
    });
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Upgrade Membership' }));
    expect(await screen.findByText('Membership Upgrade Success!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/payments/upgrade-subscription/sub_1/price_business')?.auth).toBe('Bearer acc');
    expect(calls.find((c) => c.path === '/api/v1/memberships/upgrade/')?.body).toEqual({
      plan_uid: 'business-month',
      payment_status: 'Upgrade',
      payment_data: { subscriptionId: 'sub_1', customerId: 'cus_1', priceId: 'price_business' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('schedules a downgrade with the price of the schedule’s first phase, saying Please Wait... meanwhile', async () => {
    signIn();
    const change = heldAnswer({
      status: 200,
      body: { id: 'sub_1', customer: 'cus_1', plan: null, phases: [{ items: [{ price: 'price_business' }] }] },
    });
    const calls = serve(current('Ultra'), {
      'POST /payments/downgrade-subscription/sub_1/price_business': change.route,
      'POST /api/v1/memberships/upgrade/': ok({}),
    });
    const user = userEvent.setup();
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: 'Downgrade Membership' }));
    expect(screen.getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    change.release();
    expect(await screen.findByText('Membership downgrade scheduled!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/memberships/upgrade/')?.body).toMatchObject({ payment_status: 'Downgrade' });
  });

  it.each([
    [
      'upgrade',
      'Professional',
      'Upgrade Membership',
      'Failed update subscription!',
      'Membership Upgrade Error! Please contact with support!',
    ],
    [
      'downgrade',
      'Ultra',
      'Downgrade Membership',
      'Failed downgrade subscription!',
      'Membership downgrade schedule Error! Please contact with support!',
    ],
  ] as const)('reports a failed %s at the payment side and when recording it', async (kind, from, button, failed, unrecorded) => {
    signIn();
    serve(current(from), { [`POST /payments/${kind}-subscription/sub_1/price_business`]: fail(402, {}) });
    const user = userEvent.setup();
    const view = renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(failed)).toBeInTheDocument();
    view.unmount();

    serve(current(from), {
      [`POST /payments/${kind}-subscription/sub_1/price_business`]: ok({ id: 'sub_1', customer: 'cus_1', plan: { id: 'p' } }),
      'POST /api/v1/memberships/upgrade/': fail(500, {}),
    });
    renderScreen(<PurchaseRoute />, at);
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(unrecorded)).toBeInTheDocument();
  });
});
