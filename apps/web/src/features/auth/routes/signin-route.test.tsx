import { ACCOUNT_NOT_ACTIVATED, ACTIVATION_RESENT } from '@riskscan/contracts';
import '@/testing/jsdom-gaps.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { fail, fakeApi, heldAnswer } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import SigninRoute from './signin-route.tsx';

function setup() {
  const user = userEvent.setup();
  renderScreen(<SigninRoute />, { path: '/signin' });
  return {
    user,
    fill: async (email: string, password: string) => {
      if (email) await user.type(screen.getByLabelText('Email'), email);
      if (password) await user.type(screen.getByLabelText('Password'), password);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign in', () => {
  it.each([
    ['', 'Secret1!'],
    ['ana@example.test', ''],
  ])('asks for both fields (%j, %j)', async (email, password) => {
    const calls = fakeApi({});
    const { fill } = setup();
    await fill(email, password);
    expect(await screen.findByText('Oops, please reconfirm your login form.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the e-mail pattern', async () => {
    fakeApi({});
    const { fill } = setup();
    await fill('ana@example', 'Secret1!');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  });

  it('has a password visibility toggle and links to forgot password and sign up', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('signs in: waiting label, stored user with a 24 h expiry, toast, home', async () => {
    const held = heldAnswer({ status: 200, body: { token: 'acc', refreshToken: 'ref', email: 'ana@example.test', uid: 'u1' } });
    const calls = fakeApi({ 'POST /api/v1/login/': held.route });
    const { fill } = setup();
    const before = Date.now();
    await fill('ana@example.test', 'Secret1!');
    expect(await screen.findByRole('button', { name: 'Please wait, Logging In...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Login success!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls[0]?.body).toEqual({ email: 'ana@example.test', password: 'Secret1!' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual({
      token: 'acc',
      refreshToken: 'ref',
      email: 'ana@example.test',
      uid: 'u1',
    });
    const expiry = Number(localStorage.getItem(STORAGE_KEYS.expirationTime));
    expect(expiry - before).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(useSession.getState().loggedIn).toBe(true);
  });

  it('shows the server detail and stays on /signin', async () => {
    fakeApi({ 'POST /api/v1/login/': fail(400, { detail: 'Unable to log in with provided credentials.' }) });
    const { fill } = setup();
    await fill('ana@example.test', 'Secret1!');
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/signin');
    expect(useSession.getState().loggedIn).toBe(false);
  });

  it('says something went wrong when the server gives no detail', async () => {
    fakeApi({ 'POST /api/v1/login/': fail(502, '<html>') });
    const { fill } = setup();
    await fill('ana@example.test', 'Secret1!');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
  });
});

describe('signing in before activating (issue 37)', () => {
  it('offers to send the activation mail again to the address typed', async () => {
    const calls = fakeApi({
      'POST /api/v1/login/': fail(400, { detail: ACCOUNT_NOT_ACTIVATED }),
      'POST /api/v1/register/resend-activation/': () => ({ status: 200, body: { detail: ACTIVATION_RESENT } }),
    });
    const { user, fill } = setup();
    await fill('ana@example.test', 'Secret1!');
    const resend = await screen.findByRole('button', { name: 'Send the activation email again' });
    await user.click(resend);
    expect(await screen.findByText(ACTIVATION_RESENT)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/register/resend-activation/')?.body).toEqual({ email: 'ana@example.test' });
  });

  it('offers nothing of the kind for a wrong password', async () => {
    fakeApi({ 'POST /api/v1/login/': fail(400, { detail: 'Invalid email or password.' }) });
    const { fill } = setup();
    await fill('ana@example.test', 'Secret1!');
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the activation email again' })).not.toBeInTheDocument();
  });
});
