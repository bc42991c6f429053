import '@/testing/jsdom-gaps.ts';
import { ACCOUNT_ALREADY_ACTIVE, ACTIVATION_RESENT } from '@riskscan/contracts';
import userEvent from '@testing-library/user-event';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ActivateAccountRoute from './activate-account-route.tsx';

// The 2-second redirects of SPEC §9 run on the real clock.
vi.setConfig({ testTimeout: 10_000 });

const at = { path: '/activate-account/u1/act0k', pattern: '/activate-account/:id/:token' };

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
});
afterEach(() => vi.unstubAllGlobals());

describe('account activation', () => {
  it('shows Activating now, activates once on load, signs in and goes home', async () => {
    const calls = fakeApi({
      'POST /api/v1/account/activate/u1/act0k/': ok({ token: 'acc', refreshToken: 'ref', email: 'ana@example.test', uid: 'u1' }),
    });
    renderScreen(<ActivateAccountRoute />, at);
    expect(screen.getByRole('heading', { name: 'Activating now' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Activate Success!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.auth).toBeUndefined();
    expect(useSession.getState().user?.email).toBe('ana@example.test');
    expect(localStorage.getItem(STORAGE_KEYS.expirationTime)).not.toBeNull();
  });

  it('shows the server detail for a link that does not work, and sends a new one on request', async () => {
    const calls = fakeApi({
      'POST /api/v1/account/activate/u1/act0k/': fail(400, { detail: 'The activation link is invalid or has expired.' }),
      'POST /api/v1/register/resend-activation/': ok({ detail: ACTIVATION_RESENT }),
    });
    renderScreen(<ActivateAccountRoute />, at);
    expect(await screen.findByRole('heading', { name: 'Activation did not work' })).toBeInTheDocument();
    expect(screen.getAllByText('The activation link is invalid or has expired.').length).toBeGreaterThan(0);
    // No progress bar keeps running under the error.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/signin');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.test');
    await user.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(await screen.findByText(ACTIVATION_RESENT)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/register/resend-activation/')?.body).toEqual({ email: 'ana@example.test' });
    expect(useSession.getState().loggedIn).toBe(false);
  });

  it('says an account is already active when its link is opened again, and offers sign-in', async () => {
    fakeApi({ 'POST /api/v1/account/activate/u1/act0k/': fail(409, { detail: ACCOUNT_ALREADY_ACTIVE }) });
    renderScreen(<ActivateAccountRoute />, at);
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_ALREADY_ACTIVE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});
