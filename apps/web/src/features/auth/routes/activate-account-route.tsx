import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '@/components/ui/toast.ts';
import { REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useSession } from '@/lib/session.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { useActivateAccount } from '../api/activate-account.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** /activate-account/{uid}/{token}: activates on load, then signs the new member in (SPEC §2, §4). */
export default function ActivateAccountRoute() {
  const { id: uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { mutate } = useActivateAccount();
  const started = useRef(false);
  // A spent or expired link is no reason to keep a progress bar running under the error.
  const [failure, setFailure] = useState<string | null>(null);

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
          const message = answerMessage(error);
          setFailure(message);
          void showToast('error', message);
          window.setTimeout(() => void navigate('/signin'), REDIRECT_DELAY_MS);
        },
      },
    );
  }, [mutate, navigate, uid, token]);

  if (failure) {
    return (
      <AuthLayout title="Activation did not work" lead={failure}>
        <p>
          If you activated your account already, <Link to="/signin">sign in</Link>; we take you there in a moment.
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Activating now" lead="Please wait while we confirm your e-mail address.">
      <ProgressBar label="Activating" />
    </AuthLayout>
  );
}
