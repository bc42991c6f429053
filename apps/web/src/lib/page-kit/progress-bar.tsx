import './page-kit.css';

/** An indeterminate bar for "still loading" (SPEC §2 content pages, pricing, activation). */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="pk-progress" role="progressbar" aria-label={label}>
      <span className="pk-progress__bar" />
    </div>
  );
}
