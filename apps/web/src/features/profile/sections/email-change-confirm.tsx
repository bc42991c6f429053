import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useSession } from '@/lib/session.ts';
import { confirmEmailChange } from '../api/account.ts';
import '@/lib/page-kit/profile-panel.css';

/**
 * /profile/change_email?token=…, the link mailed to the new address. It works signed in or not:
 * the token itself is the credential.
 */
export function EmailChangeConfirm({ token }: { token: string }) {
  const started = useRef(false);
  const [outcome, setOutcome] = useState<{ email: string } | { error: string } | null>(null);
  const signedIn = useSession((s) => s.loggedIn);

  useEffect(() => {
    // The token works once; the development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    confirmEmailChange(token).then(
      ({ email }) => {
        useSession.getState().updateUser({ email });
        setOutcome({ email });
        void showToast('success', 'Update email success!');
      },
      (error: unknown) => {
        const message = answerMessage(error, 'token');
        setOutcome({ error: message });
        void showToast('error', message);
      },
    );
  }, [token]);

  return (
    <section className="profile-panel pk-card" aria-labelledby="confirm-email-title">
      <h2 id="confirm-email-title">Confirm new email</h2>
      {!outcome ? (
        <ProgressBar label="Confirming" />
      ) : 'email' in outcome ? (
        <p role="status">
          Your account now uses <strong>{outcome.email}</strong>.
        </p>
      ) : (
        <>
          <p className="pk-error">{outcome.error}</p>
          <Link className="pk-button" to={signedIn ? '/profile/change_email' : '/signin'}>
            {signedIn ? 'Request a new link' : 'Sign in'}
          </Link>
        </>
      )}
    </section>
  );
}
