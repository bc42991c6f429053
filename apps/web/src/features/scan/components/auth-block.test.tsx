import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { renderWithApp, stubServer } from '../testing/render-with-app.tsx';
import { AuthBlock } from './auth-block.tsx';

beforeEach(() => act(() => useSession.getState().signOut()));
afterEach(() => vi.unstubAllGlobals());

describe('auth block for guests when free scanning is off (SPEC §2, §5)', () => {
  it('checks sign-up fields in order before calling the server', async () => {
    const calls = stubServer({});
    renderWithApp(<AuthBlock />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Use at least 8 characters for your password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in through POST /login/ and stores the session', async () => {
    const calls = stubServer({
      'POST /api/v1/login/': () => ({ body: { token: 'acc', refreshToken: 'ref', email: 'ana@example.test', uid: 'u1' } }),
    });
    renderWithApp(<AuthBlock />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), '.test');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login success!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ana@example.test', password: 'Secret#123' });
    expect(useSession.getState()).toMatchObject({ loggedIn: true, user: { email: 'ana@example.test', token: 'acc', refreshToken: 'ref' } });
  });

  it("shows the server's detail when sign-in fails", async () => {
    stubServer({ 'POST /api/v1/login/': () => ({ status: 400, body: { detail: 'Unable to log in with provided credentials.' } }) });
    renderWithApp(<AuthBlock />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeInTheDocument();
    expect(useSession.getState().loggedIn).toBe(false);
  });

  it('shows a loading overlay while signing in; Escape cancels, and a late answer signs nobody in', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const calls = stubServer({ 'POST /api/v1/login/': () => new Promise((resolve) => (answer = resolve)) });
    renderWithApp(<AuthBlock />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Signing in…')).toBeInTheDocument();
    expect(screen.getByText('Press Escape to cancel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(calls).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByText('Signing in…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await act(async () => answer({ body: { token: 'acc', refreshToken: 'ref', email: 'ana@example.test', uid: 'u1' } }));
    expect(useSession.getState().loggedIn).toBe(false);
    expect(screen.queryByText('Login success!')).not.toBeInTheDocument();
  });
});
