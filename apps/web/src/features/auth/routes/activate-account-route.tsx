import { ACCOUNT_ALREADY_ACTIVE } from '@riskscan/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useSession } from '@/lib/session.ts';
import { ApiError } from '@/lib/api-client.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { useActivateAccount, useResendActivation } from '../api/activate-account.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** A link that expired or was replaced: ask for a new one by e-mail address. */
function ResendActivation() {
  const resend = useResendActivation();
  const [email, setEmail] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    resend.mutate(email.trim(), { onError: (error) => void showToast('error', answerMessage(error, 'email')) });
  }
  if (resend.data) return <p role="status">{resend.data.detail}</p>;
  return (
    <form onSubmit={submit} aria-label="Resend activation mail">
      <label className="pk-field">
        <span>Email</span>
        <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <button type="submit" className="pk-button pk-button--block" disabled={resend.isPending}>
        Resend activation mail
      </button>
    </form>
  );
}

type Failure = { alreadyActive: boolean; message: string };

/** /activate-account/{uid}/{token}: activates on load, then signs the new member in (SPEC §2, §4). */
export default function ActivateAccountRoute() {
  const { id: uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { mutate } = useActivateAccount();
  const started = useRef(false);
  // A spent or expired link is no reason to keep a progress bar running under the error.
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    // An activation token works once; React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    mutate(
      { uid, token },
      {
        onSuccess: (session) => {
          useSession.getState().signIn(session);
          void showToast('success', 'Activate Success!');
          void navigate('/');
        },
        onError: (error) => {
          const alreadyActive = error instanceof ApiError && error.status === 409;
          const message = alreadyActive ? ACCOUNT_ALREADY_ACTIVE : answerMessage(error);
          setFailure({ alreadyActive, message });
          if (!alreadyActive) void showToast('error', message);
        },
      },
    );
  }, [mutate, navigate, uid, token]);

  if (failure?.alreadyActive) {
    return (
      <AuthLayout title="Your account is active" lead={failure.message}>
        <Link to="/signin" className="pk-button pk-button--block">
          Sign in
        </Link>
      </AuthLayout>
    );
  }
  if (failure) {
    return (
      <AuthLayout title="Activation did not work" lead={failure.message}>
        <p>
          If you activated your account already, <Link to="/signin">sign in</Link>. Otherwise we can send you a new activation link:
        </p>
        <ResendActivation />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Activating now" lead="Please wait while we confirm your e-mail address.">
      <ProgressBar label="Activating" />
    </AuthLayout>
  );
}
