/** An indeterminate progress bar for work whose length is unknown. */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="progress-bar" role="progressbar" aria-label={label} aria-busy="true">
      <span className="progress-bar__fill" />
    </div>
  );
}
