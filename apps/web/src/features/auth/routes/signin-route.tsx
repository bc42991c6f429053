import { ACCOUNT_NOT_ACTIVATED } from '@riskscan/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { PasswordInput } from '@/lib/page-kit/password-input.tsx';
import { useSession } from '@/lib/session.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { useResendActivation } from '../api/activate-account.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInProblem } from '../checks/sign-in-checks.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export default function SigninRoute() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The address of an account still waiting for activation, to send its mail again.
  const [inactive, setInactive] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = signInProblem(email, password);
    if (problem) {
      void showToast('error', problem);
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (session) => {
          useSession.getState().signIn(session);
          void showToast('success', 'Login success!');
          void navigate('/');
        },
        onError: (error) => {
          const message = answerMessage(error);
          setInactive(message === ACCOUNT_NOT_ACTIVATED ? email.trim() : null);
          void showToast('error', message);
          setPassword('');
          void navigate('/signin', { replace: true });
        },
      },
    );
  }

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to scan with your profiles and see your history.">
      <form onSubmit={submit} noValidate>
        <FormField id="signin-email" label="Email">
          {(input) => (
            <input {...input} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </FormField>
        <FormField id="signin-password" label="Password" aside={<Link to="/forgot-password">Forgot?</Link>}>
          {(input) => (
            <PasswordInput
              {...input}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="pk-button pk-button--block" disabled={signIn.isPending}>
          {signIn.isPending ? 'Please wait, Logging In...' : 'Sign In'}
        </button>
      </form>
      {inactive ? <ResendActivation email={inactive} /> : null}
      <p className="auth-card__switch">
        New to riskscan? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}

/** Signed in before activating: says so where it stays visible, with a way to get the mail again (the server caps how often). */
function ResendActivation({ email }: { email: string }) {
  const resend = useResendActivation();
  return (
    <div className="auth-card__notice" role="status">
      <p>{ACCOUNT_NOT_ACTIVATED}</p>
      {resend.isSuccess ? (
        <p>{resend.data.detail}</p>
      ) : (
        <button type="button" className="pk-button pk-button--ghost" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {resend.isPending ? 'Sending…' : 'Send the activation email again'}
        </button>
      )}
      {resend.isError ? <p role="alert">{answerMessage(resend.error)}</p> : null}
    </div>
  );
}
