import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LONG_TOAST_MS, showToast } from '@/lib/toast.ts';
import { hardNavigation, REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { PasswordInput } from '@/lib/page-kit/password-input.tsx';
import { answerMessage } from '@/lib/api-error-message.ts';
import { useResendActivation } from '../api/activate-account.ts';
import { useRegister } from '../api/register.ts';
import {
  firstSignUpProblem,
  PASSWORD_HINT,
  type SignUpField,
  type SignUpForm,
  signUpConfirmationProblem,
  signUpEmailProblem,
  signUpPasswordProblem,
} from '../checks/sign-up-checks.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export const SIGN_UP_SUCCESS =
  'We have sent you an activation email. Please check your inbox. If you do not see the message, kindly also check your spam folder.';

/** Session-storage key: the address just signed up, so the reloaded /signup (SPEC §4) still says what happened. */
export const SIGN_UP_SENT_KEY = 'signup-sent';

type Errors = Partial<Record<SignUpField, string>>;

const onTab = (check: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Tab') check();
};

export default function SignupRoute() {
  const register = useRegister();
  const [form, setForm] = useState<SignUpForm>({ email: '', password: '', rePassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo] = useState(() => sessionStorage.getItem(SIGN_UP_SENT_KEY));
  // Shown once: a later visit to /signup starts clean.
  useEffect(() => sessionStorage.removeItem(SIGN_UP_SENT_KEY), []);

  const set = (field: SignUpField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const show = (field: SignUpField, inline: string | undefined) => setErrors((e) => ({ ...e, [field]: inline }));
  // SPEC §5: the e-mail is checked on leaving it with Tab or clicking the password; the password on
  // leaving it with Tab or clicking the confirmation.
  const checkEmail = () => show('email', signUpEmailProblem(form.email)?.inline);
  const checkPassword = () => show('password', signUpPasswordProblem(form.password)?.inline);
  const checkConfirmation = () => show('rePassword', signUpConfirmationProblem(form.password, form.rePassword)?.inline);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = firstSignUpProblem(form);
    if (found) {
      show(found.field, found.problem.inline);
      void showToast('error', found.problem.toast);
      return;
    }
    setErrors({});
    register.mutate(
      { email: form.email.trim(), password1: form.password, password2: form.rePassword },
      {
        onSuccess: () => {
          sessionStorage.setItem(SIGN_UP_SENT_KEY, form.email.trim());
          void showToast('success', SIGN_UP_SUCCESS, LONG_TOAST_MS);
        },
        onError: (error) => void showToast('error', answerMessage(error, 'email')),
        // Success and failure both start again from a clean /signup (SPEC §4).
        onSettled: () => window.setTimeout(() => hardNavigation.go('/signup'), REDIRECT_DELAY_MS),
      },
    );
  }

  return (
    <AuthLayout title="Sign up" lead="Create a free account: scan profiles, private scans and your scan history.">
      {sentTo ? <ActivationSent email={sentTo} /> : null}
      <form onSubmit={submit} noValidate>
        <FormField id="signup-email" label="Email" error={errors.email}>
          {(input) => (
            <input
              {...input}
              type="email"
              name="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email')(e.target.value)}
              onKeyDown={onTab(checkEmail)}
            />
          )}
        </FormField>
        <FormField id="signup-password" label="Password" error={errors.password} hint={PASSWORD_HINT}>
          {(input) => (
            <PasswordInput
              {...input}
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
              onClick={checkEmail}
              onKeyDown={onTab(checkPassword)}
            />
          )}
        </FormField>
        <FormField id="signup-repassword" label="Confirm Password" error={errors.rePassword}>
          {(input) => (
            <PasswordInput
              {...input}
              name="rePassword"
              autoComplete="new-password"
              value={form.rePassword}
              onChange={(e) => set('rePassword')(e.target.value)}
              onClick={checkPassword}
              onKeyDown={onTab(checkConfirmation)}
            />
          )}
        </FormField>
        <button type="submit" className="pk-button pk-button--block" disabled={register.isPending}>
          {register.isPending ? 'Please Wait, Registering user...' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-card__switch">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthLayout>
  );
}

/** After signing up: what happened and what to do, until the visitor leaves; the mail can be sent again (the server caps how often). */
function ActivationSent({ email }: { email: string }) {
  const resend = useResendActivation();
  return (
    <div className="auth-card__notice" role="status">
      <h2>Check your inbox</h2>
      <p>{SIGN_UP_SUCCESS}</p>
      <p>
        The link went to <strong>{email}</strong>.
      </p>
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
