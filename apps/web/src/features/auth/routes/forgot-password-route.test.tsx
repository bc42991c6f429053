import '@/testing/jsdom-gaps.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigation, REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { fakeClockInEachTest, passTime, userEventOptions } from '@/testing/fake-clock.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ForgotPasswordRoute from './forgot-password-route.tsx';

// SPEC §9's 2-second redirects run on a fake clock that jumps.
fakeClockInEachTest();

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function requestFor(email: string) {
  const user = userEvent.setup(userEventOptions);
  renderScreen(<ForgotPasswordRoute />, { path: '/forgot-password' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

describe('forgot password', () => {
  it('requires the e-mail natively', () => {
    renderScreen(<ForgotPasswordRoute />, { path: '/forgot-password' });
    expect(screen.getByLabelText('Email')).toBeRequired();
  });

  it('sends, then shows the sent state with Send Again and Send another email', async () => {
    const calls = fakeApi({ 'POST /api/v1/password-reset/': ok({ status: 'OK' }) });
    const user = await requestFor('ana@example.test');
    expect(await screen.findByRole('heading', { name: 'Please check your email' })).toBeInTheDocument();
    expect(screen.getByText('Reset password links are valid for 10 minutes for security purposes.')).toBeInTheDocument();
    expect(await screen.findByText('Sent Email')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ana@example.test' }]);

    await user.click(screen.getByRole('button', { name: 'Send Again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ email: 'ana@example.test' });

    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send another email' }));
    await user.type(screen.getByLabelText('Email'), 'bob@example.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls[2]?.body).toEqual({ email: 'bob@example.test' }));
    expect(go).not.toHaveBeenCalled();
  });

  it('on an e-mail error shows Invalid Email and reloads /forgot-password after 2 s', async () => {
    fakeApi({ 'POST /api/v1/password-reset/': fail(400, { email: ['Valid email required'] }) });
    await requestFor('ana@example.test');
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    await passTime(REDIRECT_DELAY_MS);
    expect(go).toHaveBeenCalledWith('/forgot-password');
  });
});
