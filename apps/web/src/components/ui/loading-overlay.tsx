import { useEffect } from 'react';
import { ProgressBar } from './progress-bar.tsx';

/** A full-screen wait; closes on Escape only when the work may be cancelled (SPEC §9). */
export function LoadingOverlay({ label, onCancel }: { label: string; onCancel?: () => void }) {
  useEffect(() => {
    if (!onCancel) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div className="loading-overlay" role="alert" aria-live="assertive">
      <div className="loading-overlay__panel">
        <p>{label}</p>
        <ProgressBar label={label} />
        {onCancel ? <p className="muted small">Press Escape to cancel.</p> : null}
      </div>
    </div>
  );
}
