import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '@/components/ui/toast.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { PasswordInput } from '@/lib/page-kit/password-input.tsx';
import { useSession } from '@/lib/session.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInProblem } from '../checks/sign-in-checks.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export default function SigninRoute() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

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
          void showToast('error', answerMessage(error));
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
      <p className="auth-card__switch">
        New to riskscan? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
