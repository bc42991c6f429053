import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { PasswordInput } from '@/lib/page-kit/password-input.tsx';
import { answerMessage } from '@/lib/api-error-message.ts';
import { usePasswordResetConfirm } from '../api/password-reset.ts';
import { resetPasswordProblem } from '../checks/sign-in-checks.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** /password-reset/token/{id}: the route parameter carries the reset token (SPEC §2). */
export default function ResetPasswordRoute() {
  const { id: token } = useParams();
  const navigate = useNavigate();
  const confirm = usePasswordResetConfirm();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation, token);
    if (problem) {
      void showToast('error', problem);
      return;
    }
    confirm.mutate(
      { password, password_confirm: confirmation, token: token ?? '' },
      {
        onSuccess: () => {
          void showToast('success', 'Success!');
          window.setTimeout(() => void navigate('/signin'), REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          void showToast('error', answerMessage(error, 'password'));
          window.setTimeout(() => void navigate('/forgot-password'), REDIRECT_DELAY_MS);
        },
      },
    );
  }

  return (
    <AuthLayout title="Reset password" lead="Choose a new password for your account.">
      <form onSubmit={submit} noValidate>
        <FormField id="reset-password" label="New Password">
          {(input) => (
            <PasswordInput
              {...input}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="reset-password-confirm" label="Confirm Password">
          {(input) => (
            <PasswordInput
              {...input}
              name="password_confirm"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
          )}
        </FormField>
        <p className="pk-hint">Use 8 or more characters with a mix of letters, numbers, symbols & at least one uppercase letter.</p>
        <div className="auth-card__actions">
          <button type="submit" className="pk-button pk-button--block" disabled={confirm.isPending}>
            {confirm.isPending ? 'Please Wait...' : 'Reset Password'}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
