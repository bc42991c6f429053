import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import '@/lib/page-kit/page-kit.css';
import '../payment.css';

/** SPEC §9: both result pages count down 5 seconds, then open the licence details. */
export const COUNTDOWN_SECONDS = 5;
export const LICENSE_DETAILS_PATH = '/profile/license_details';

function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) onDone();
  }, [left, onDone]);
  return left;
}

type Props = { tone: 'success' | 'cancel'; title: string; children: ReactNode };

export function PaymentResult({ tone, title, children }: Props) {
  const navigate = useNavigate();
  const [goToLicense] = useState(() => () => void navigate(LICENSE_DETAILS_PATH));
  const left = useCountdown(COUNTDOWN_SECONDS, goToLicense);
  return (
    <div className="pk-page payment-result">
      <section className={`payment-result__card pk-card payment-result__card--${tone}`}>
        <span className="payment-result__icon" aria-hidden="true">
          {tone === 'success' ? '✓' : '!'}
        </span>
        <h1>{title}</h1>
        {children}
        <p className="payment-result__countdown" role="timer" aria-live="polite">
          Redirecting to your license details in {left} second(s).
        </p>
        <Link className="pk-button" to={LICENSE_DETAILS_PATH}>
          Go to license details now
        </Link>
      </section>
    </div>
  );
}
