import '@/testing/jsdom-gaps.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigation, REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { fail, fakeApi, heldAnswer } from '@/testing/fake-api.ts';
import { fakeClockInEachTest, passTime, userEventOptions } from '@/testing/fake-clock.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import SignupRoute, { SIGN_UP_SENT_KEY, SIGN_UP_SUCCESS } from './signup-route.tsx';

// SPEC §9's 2-second redirects run on a fake clock that jumps.
fakeClockInEachTest();

const HINT = '* Use 8 or more characters with a mix of letters, numbers, symbols & at least one uppercase letter';

function setup() {
  const user = userEvent.setup(userEventOptions);
  renderScreen(<SignupRoute />, { path: '/signup' });
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const confirmation = screen.getByLabelText('Confirm Password');
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { user, email, password, confirmation, submit };
}

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sign-up field checks', () => {
  it('checks the e-mail when tabbing out of it', async () => {
    const { user, email } = setup();
    await user.click(email);
    await user.tab();
    expect(screen.getByText('* Email required.')).toBeInTheDocument();
    await user.type(email, 'ana@nowhere');
    await user.tab();
    expect(screen.getByText('* Valid email required.')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ana@example.test');
    await user.tab();
    expect(screen.queryByText(/Email required|Valid email required/)).not.toBeInTheDocument();
  });

  it('checks the e-mail when the password field is clicked, not when the e-mail merely changes', async () => {
    const { user, email, password } = setup();
    await user.type(email, 'nope');
    expect(screen.queryByText('* Valid email required.')).not.toBeInTheDocument();
    await user.click(password);
    expect(screen.getByText('* Valid email required.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the password when tabbing out of it and when the confirmation is clicked', async () => {
    const { user, password, confirmation } = setup();
    await user.click(confirmation);
    expect(screen.getByText('* Password required.')).toBeInTheDocument();
    await user.click(password);
    await user.type(password, 'short');
    await user.tab();
    expect(screen.getByText(HINT)).toHaveClass('pk-error');
    await user.click(password);
    await user.type(password, 'Long3r!pass');
    await user.tab();
    expect(screen.getByText(HINT)).toHaveClass('pk-hint');
  });

  it('checks the confirmation when tabbing out of it', async () => {
    const { user, password, confirmation } = setup();
    await user.type(password, 'Str0ng!pass');
    await user.click(confirmation);
    await user.tab();
    expect(screen.getByText('* Confirm Password required.')).toBeInTheDocument();
    await user.click(confirmation);
    await user.type(confirmation, 'Str0ng!pasS');
    await user.tab();
    expect(screen.getByText("* Those passwords didn't match. Try again.")).toBeInTheDocument();
  });
});

describe('sign-up submit', () => {
  it('checks the e-mail first, with its inline line and toast', async () => {
    const calls = fakeApi({});
    const { submit } = setup();
    await submit();
    expect(screen.getByText('* Email required.')).toBeInTheDocument();
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.queryByText('* Password required.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('then the e-mail format', async () => {
    const { user, email, submit } = setup();
    await user.type(email, 'ana@example');
    await submit();
    expect(await screen.findByText('Valid email required')).toBeInTheDocument();
  });

  it.each([
    ['', 'Password required', '* Password required.'],
    ['Ab1!', 'Use at least 8 characters for your password', HINT],
    ['abcdefg1!', 'Include uppercase letter for your password', HINT],
    ['ABCDEFG1!', 'Include lowercase letter for your password', HINT],
    ['Abcdefgh!', 'Include digit for your password', HINT],
    ['Abcdefgh1', 'Include symbol for your password', HINT],
  ])('then the password %j: toast %j', async (value, toast, inline) => {
    const { user, email, password, submit } = setup();
    await user.type(email, 'ana@example.test');
    if (value) await user.type(password, value);
    await submit();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByText(inline)).toHaveClass('pk-error');
  });

  it.each([
    ['', 'Confirm Password required.', '* Confirm Password required.'],
    ['Str0ng!Pass', 'Not match Passwords', "* Those passwords didn't match. Try again."],
  ])('then the confirmation %j: toast %j', async (value, toast, inline) => {
    const { user, email, password, confirmation, submit } = setup();
    await user.type(email, 'ana@example.test');
    await user.type(password, 'Str0ng!pass');
    if (value) await user.type(confirmation, value);
    await submit();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByText(inline)).toBeInTheDocument();
  });

  it('registers with the wire names, says so while waiting, toasts and reloads /signup after 2 s', async () => {
    const held = heldAnswer({ status: 201, body: { uid: 'u1', email: 'ana@example.test' } });
    const calls = fakeApi({ 'POST /api/v1/register/': held.route });
    const { user, email, password, confirmation, submit } = setup();
    await user.type(email, 'ana@example.test');
    await user.type(password, 'Str0ng!pass');
    await user.type(confirmation, 'Str0ng!pass');
    await submit();
    expect(await screen.findByRole('button', { name: 'Please Wait, Registering user...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText(SIGN_UP_SUCCESS)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ana@example.test', password1: 'Str0ng!pass', password2: 'Str0ng!pass' });
    expect(calls[0]?.auth).toBeUndefined();
    expect(go).not.toHaveBeenCalled();
    await passTime(REDIRECT_DELAY_MS);
    expect(go).toHaveBeenCalledWith('/signup');
  });

  it('shows the server e-mail error and reloads /signup', async () => {
    fakeApi({ 'POST /api/v1/register/': fail(400, { email: ['A user with that email already exists.'] }) });
    const { user, email, password, confirmation, submit } = setup();
    await user.type(email, 'ana@example.test');
    await user.type(password, 'Str0ng!pass');
    await user.type(confirmation, 'Str0ng!pass');
    await submit();
    expect(await screen.findByText('A user with that email already exists.')).toBeInTheDocument();
    await passTime(REDIRECT_DELAY_MS);
    expect(go).toHaveBeenCalledWith('/signup');
  });

  it('falls back to the generic message', async () => {
    fakeApi({ 'POST /api/v1/register/': fail(500, 'oops') });
    const { user, email, password, confirmation, submit } = setup();
    await user.type(email, 'ana@example.test');
    await user.type(password, 'Str0ng!pass');
    await user.type(confirmation, 'Str0ng!pass');
    await submit();
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
  });
});

describe('after signing up (issue 37)', () => {
  it('the reloaded /signup keeps saying what happened, once, with a way to send the mail again', async () => {
    const calls = fakeApi({
      'POST /api/v1/register/resend-activation/': () => ({
        status: 200,
        body: { detail: 'If an account with this address is waiting for activation, we have sent it a new activation link.' },
      }),
    });
    sessionStorage.setItem(SIGN_UP_SENT_KEY, 'ana@example.test');
    renderScreen(<SignupRoute />, { path: '/signup' });
    const notice = screen.getByRole('heading', { name: 'Check your inbox' }).parentElement!;
    expect(notice).toHaveTextContent(SIGN_UP_SUCCESS);
    expect(notice).toHaveTextContent('The link went to ana@example.test.');
    expect(sessionStorage.getItem(SIGN_UP_SENT_KEY)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the activation email again' }));
    expect(await screen.findByText(/we have sent it a new activation link/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/register/resend-activation/')?.body).toEqual({ email: 'ana@example.test' });
  });
});
