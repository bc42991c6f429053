import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { useSession } from '@/lib/session.ts';
import { current, plansAnswer } from '@/testing/membership-fixtures.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import PricingRoute from './pricing-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().signOut();
});

const headerCells = () => within(screen.getByRole('table')).getAllByRole('columnheader');

describe('pricing', () => {
  it('shows a progress bar until the plans arrive, then the monthly table in plan order', async () => {
    const calls = fakeApi({ '/api/memberships/plans/': ok(plansAnswer()) });
    renderScreen(<PricingRoute />, { path: '/pricing' });
    expect(screen.getByRole('progressbar', { name: 'Loading plans' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(headerCells().map((th) => th.querySelector('.plan-table__name')?.textContent)).toEqual([
      'Free',
      'Professional',
      'Business',
      'Ultra',
    ]);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('$20')).toBeInTheDocument();
    expect(screen.getByText('~1,000 scans per month')).toBeInTheDocument();
    expect(screen.getByText('30,000 tokens per month')).toBeInTheDocument();
    expect(screen.getByText('1 domain, checked daily')).toBeInTheDocument();
    expect(screen.getByText('250 domains, checked hourly')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Professional' })).toHaveAttribute('href', '/purchasedsubscription/professional-month');
    expect(calls[0]?.path).toBe('/api/memberships/plans/');
  });

  it('switches to yearly prices, labelled -20%', async () => {
    fakeApi({ '/api/memberships/plans/': ok(plansAnswer()) });
    const user = userEvent.setup();
    renderScreen(<PricingRoute />, { path: '/pricing' });
    await screen.findByRole('table');
    const yearly = screen.getByRole('radio', { name: 'Yearly -20%' });
    await user.click(yearly);
    expect(yearly).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('$192')).toBeInTheDocument();
    expect(screen.getByText('$6,720')).toBeInTheDocument();
    expect(screen.queryByText('$20')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Ultra' })).toHaveAttribute('href', '/purchasedsubscription/ultra-year');
  });

  it('marks a signed-in member’s own plan, which offers no purchase', async () => {
    useSession.getState().signIn({ email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' });
    fakeApi({ '/api/memberships/plans/': ok(plansAnswer()), '/api/v1/memberships/': ok({ current: current('Professional') }) });
    renderScreen(<PricingRoute />, { path: '/pricing' });
    const own = await screen.findByText('Current Membership');
    const column = own.closest('th') as HTMLElement;
    expect(within(column).getByText('Your plan')).toBeInTheDocument();
    expect(within(column).getByText('Professional')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose Professional' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Business' })).toBeInTheDocument();
  });

  it('keeps the progress bar when the plans fail, with testimonials and the pricing FAQ', async () => {
    fakeApi({ '/api/memberships/plans/': fail(500, {}) });
    renderScreen(<PricingRoute />, { path: '/pricing' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getAllByRole('blockquote')).toHaveLength(5);
    expect(screen.getByText('Yes. We send reminder e-mails 15 days and 6 days before each renewal.')).toBeInTheDocument();
    expect(screen.getByText(/cancelled up to 5 days before they expire/)).toBeInTheDocument();
  });
});
