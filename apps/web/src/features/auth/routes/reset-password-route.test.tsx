import '@/testing/jsdom-gaps.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { fakeClockInEachTest, passTime, userEventOptions } from '@/testing/fake-clock.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ResetPasswordRoute from './reset-password-route.tsx';

// SPEC §9's 2-second redirects run on a fake clock that jumps.
fakeClockInEachTest();

afterEach(() => vi.unstubAllGlobals());

async function submit(password: string, confirmation: string) {
  const user = userEvent.setup(userEventOptions);
  renderScreen(<ResetPasswordRoute />, { path: '/password-reset/token/rt0k', pattern: '/password-reset/token/:id' });
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password', () => {
  it.each([
    ['', 'Str0ng!pass'],
    ['Str0ng!pass', ''],
  ])('needs both passwords (%j, %j)', async (password, confirmation) => {
    const calls = fakeApi({});
    await submit(password, confirmation);
    expect(await screen.findByText('Oops, please reconfirm your change password form.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('needs the two to match', async () => {
    fakeApi({});
    await submit('Str0ng!pass', 'Str0ng!pasS');
    expect(await screen.findByText('Oops, The two passwords did not match.')).toBeInTheDocument();
  });

  it('sends the token from the route and goes to /signin 2 s after Success!', async () => {
    const calls = fakeApi({ 'POST /api/v1/password-reset/confirm/': ok({ status: 'OK' }) });
    await submit('Str0ng!pass', 'Str0ng!pass');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ password: 'Str0ng!pass', password_confirm: 'Str0ng!pass', token: 'rt0k' });
    expect(screen.getByTestId('location')).toHaveTextContent('/password-reset/token/rt0k');
    await passTime(REDIRECT_DELAY_MS);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/);
  });

  it('goes back to /forgot-password 2 s after a failure', async () => {
    fakeApi({ 'POST /api/v1/password-reset/confirm/': fail(400, { detail: 'This reset link has expired.' }) });
    await submit('Str0ng!pass', 'Str0ng!pass');
    expect(await screen.findByText('This reset link has expired.')).toBeInTheDocument();
    await passTime(REDIRECT_DELAY_MS);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/forgot-password$/);
  });
});
