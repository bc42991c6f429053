import '@/testing/jsdom-gaps.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { useSession } from '@/lib/session.ts';
import { fakeApi, ok } from '@/testing/fake-api.ts';
import { SiteHeader } from './site-header.tsx';

function renderHeader() {
  return render(
    <MemoryRouter>
      <SiteHeader />
      <p>Outside</p>
    </MemoryRouter>,
  );
}

beforeEach(() => act(() => useSession.getState().signOut()));

describe('SiteHeader (SPEC §2)', () => {
  it('links Home, Blog, About Us, Pricing, Sign in and Sign up for guests', () => {
    renderHeader();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    const account = screen.getByRole('banner');
    expect(within(account).getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/signin');
    expect(within(account).getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/signup');
  });

  it('opens the Solution dropdown with its five links and closes it on Escape', async () => {
    renderHeader();
    const user = userEvent.setup();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('button', { name: 'Solution' }));
    expect(nav.getByRole('link', { name: 'Use Cases' })).toHaveAttribute('href', '/usecases');
    expect(nav.getByRole('link', { name: 'Scam Categories' })).toHaveAttribute('href', '/scam-categories');
    await user.keyboard('{Escape}');
    expect(nav.getByRole('button', { name: 'Solution' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the avatar, e-mail, Profile and Log Out; Log Out ends the session on the server and clears the stored scan', async () => {
    const calls = fakeApi({ 'POST /api/v1/logout/': ok({}) });
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u', refreshToken: 'ref' }));
    localStorage.setItem(STORAGE_KEYS.checkResult, '{}');
    localStorage.setItem(STORAGE_KEYS.isLoading, 'true');
    renderHeader();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ana@example\.test/ }));
    expect(screen.getAllByRole('link', { name: 'Profile' })[0]).toHaveAttribute('href', '/profile/change_password');
    await user.click(screen.getAllByRole('button', { name: 'Log Out' })[0] as HTMLElement);
    expect(await screen.findByText('You have logged out')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/logout/')).toMatchObject({ auth: 'Bearer t', body: { refreshToken: 'ref' } });
    expect(useSession.getState().loggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.checkResult)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.isLoading)).toBeNull();
    expect(screen.queryByText('ana@example.test')).not.toBeInTheDocument();
  });

  it('links the verdict reports queue in both menus for operators only, as the server says', async () => {
    const calls = fakeApi({ 'GET /api/v1/verdict-reports/reviewer/': ok({ operator: true }) });
    act(() => useSession.getState().signIn({ email: 'op@example.test', token: 'op-token', uid: 'u1', refreshToken: 'r' }));
    const { unmount } = renderHeader();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /op@example\.test/ }));
    // The account dropdown's link, and the closed mobile menu's.
    expect(await screen.findAllByRole('link', { name: 'Verdict reports', hidden: true })).toHaveLength(2);
    for (const link of screen.getAllByRole('link', { name: 'Verdict reports', hidden: true }))
      expect(link).toHaveAttribute('href', '/admin/verdict-reports');
    // Asked once for both menus, with the session.
    expect(calls.filter((call) => call.path === '/api/v1/verdict-reports/reviewer/')).toMatchObject([{ auth: 'Bearer op-token' }]);
    unmount();

    const asked = fakeApi({ 'GET /api/v1/verdict-reports/reviewer/': ok({ operator: false }) });
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'ana-token', uid: 'u2', refreshToken: 'r' }));
    renderHeader();
    await user.click(screen.getByRole('button', { name: /ana@example\.test/ }));
    expect(screen.getAllByRole('link', { name: 'Profile' })).not.toHaveLength(0);
    await waitFor(() => expect(asked.map((call) => call.path)).toContain('/api/v1/verdict-reports/reviewer/'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('link', { name: 'Verdict reports', hidden: true })).not.toBeInTheDocument();
  });

  it('mobile menu: each Solution link goes to its own path; closes on Escape and outside click', async () => {
    renderHeader();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getByRole('link', { name: 'Technology' })).toHaveAttribute('href', '/technology');
    expect(menu.getByRole('link', { name: 'Scam Categories' })).toHaveAttribute('href', '/scam-categories');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
