import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { hardNavigation, REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { hasFieldError } from '@/lib/api-error-message.ts';
import { usePasswordResetRequest } from '../api/password-reset.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

function EmailForm({ label, busy, onSend }: { label: string; busy: boolean; onSend(email: string): void }) {
  const [email, setEmail] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(email.trim());
  }
  return (
    <form onSubmit={submit}>
      <label className="pk-field">
        <span>Email</span>
        <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <button type="submit" className="pk-button pk-button--block" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

export default function ForgotPasswordRoute() {
  const reset = usePasswordResetRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [askAnother, setAskAnother] = useState(false);

  function send(email: string) {
    // The sent state shows at once (SPEC §4 "also toggled on submit"); an invalid address takes it back.
    setSentTo(email);
    setAskAnother(false);
    reset.mutate(email, {
      onSuccess: () => void showToast('success', 'Sent Email'),
      onError: (error) => {
        if (!hasFieldError(error, 'email')) return void showToast('error', 'Oops, something went wrong!');
        void showToast('error', 'Invalid Email');
        window.setTimeout(() => hardNavigation.go('/forgot-password'), REDIRECT_DELAY_MS);
      },
    });
  }

  if (sentTo === null) {
    return (
      <AuthLayout
        title="Forgot password"
        lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      >
        <EmailForm label="Reset Password" busy={reset.isPending} onSend={send} />
        <p className="auth-card__switch">
          Remembered it? <Link to="/signin">Sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Please check your email">
      <div className="auth-card__check" aria-hidden="true">
        ✉
      </div>
      <p>
        We sent a reset link to <strong>{sentTo}</strong>.
      </p>
      <p className="pk-hint">Reset password links are valid for 10 minutes for security purposes.</p>
      <div className="auth-card__actions">
        <button type="button" className="pk-button" disabled={reset.isPending} onClick={() => send(sentTo)}>
          Send Again
        </button>
        <button type="button" className="pk-button pk-button--ghost" onClick={() => setAskAnother(true)}>
          Send another email
        </button>
      </div>
      {askAnother && (
        <div className="auth-card__another">
          <EmailForm label="Send" busy={reset.isPending} onSend={send} />
        </div>
      )}
    </AuthLayout>
  );
}
