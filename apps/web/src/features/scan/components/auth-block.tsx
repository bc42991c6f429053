import {
  confirmPasswordProblem,
  emailProblem,
  isValidEmail,
  LOGIN_MESSAGES,
  passwordProblem,
  sessionResponseSchema,
} from '@riskscan/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { showToast } from '@/lib/toast.ts';
import { ApiError, apiRequest } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';

/** SPEC §5 sign-in rules: both fields, then the e-mail's shape. */
function signInProblem(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return LOGIN_MESSAGES.incomplete;
  return isValidEmail(email.trim()) ? null : LOGIN_MESSAGES.invalidEmail;
}

/** SPEC §5 sign-up checks in order: e-mail, password, re-entered password. */
function signUpProblem(email: string, password: string, confirm: string): string | null {
  return emailProblem(email) ?? passwordProblem(password) ?? confirmPasswordProblem(password, confirm);
}

const SIGN_UP_SUCCESS =
  'We have sent you an activation email. Please check your inbox. If you do not see the message, kindly also check your spam folder.';

function firstEmailError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const email = (error.body as { email?: unknown }).email;
  return Array.isArray(email) && typeof email[0] === 'string' ? email[0] : undefined;
}

/** Replaces the scan form for guests when free scanning is off (SPEC §2). */
export function AuthBlock() {
  const [mode, setMode] = useState<'signup' | 'signin'>('signup');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The request under way; Escape on its overlay cancels it (SPEC §4 'loading' while signing in or up).
  const [pending, setPending] = useState<AbortController | null>(null);
  const signIn = useSession((state) => state.signIn);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = mode === 'signin' ? signInProblem(email, password) : signUpProblem(email, password, confirm);
    if (problem) {
      void showToast('error', problem);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setPending(controller);
    try {
      if (mode === 'signin') {
        const answer = await apiRequest<unknown>('api', '/login/', { body: { email: email.trim(), password }, signal });
        if (signal.aborted) return;
        const user = sessionResponseSchema.parse(answer);
        signIn({ email: user.email, token: user.token, uid: user.uid, refreshToken: user.refreshToken });
        void showToast('success', 'Login success!');
      } else {
        await apiRequest('api', '/register/', { body: { email: email.trim(), password1: password, password2: confirm }, signal });
        if (signal.aborted) return;
        void showToast('success', SIGN_UP_SUCCESS);
        setMode('signin');
      }
    } catch (error) {
      if (signal.aborted) return;
      const message = mode === 'signin' ? ApiError.describe(error instanceof ApiError ? error.body : null) : firstEmailError(error);
      void showToast('error', message ?? 'Oops, something went wrong!');
    } finally {
      setPending((current) => (current === controller ? null : current));
    }
  }

  function cancel() {
    pending?.abort();
    setPending(null);
  }

  return (
    <form className="auth-block" onSubmit={submit} noValidate aria-label={mode === 'signin' ? 'Sign in' : 'Sign up'}>
      <h2>{mode === 'signin' ? 'Sign in to scan' : 'Create a free account to scan'}</h2>
      <label htmlFor={`${id}-email`}>Email</label>
      <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="auth-block__label-row">
        <label htmlFor={`${id}-password`}>Password</label>
        {mode === 'signin' ? (
          <Link to="/forgot-password" className="auth-block__forgot">
            Forgot?
          </Link>
        ) : null}
      </div>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {mode === 'signup' ? (
        <>
          <label htmlFor={`${id}-confirm`}>Confirm Password</label>
          <input
            id={`${id}-confirm`}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </>
      ) : null}
      <button type="submit" className="button button--primary" disabled={pending !== null}>
        {mode === 'signin' ? 'Sign In' : 'Sign Up'}
      </button>
      <p className="auth-block__switch">
        {mode === 'signin' ? 'No account yet? ' : 'Already registered? '}
        <button type="button" className="link-button" onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}>
          {mode === 'signin' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
      {pending ? <LoadingOverlay label={mode === 'signin' ? 'Signing in…' : 'Creating your account…'} onCancel={cancel} /> : null}
    </form>
  );
}
