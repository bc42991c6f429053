import './page-kit.css';

/** Grey placeholder blocks shaped like the content that is on its way. */
export function Skeleton({ lines = 3, media = false, label = 'Loading' }: { lines?: number; media?: boolean; label?: string }) {
  return (
    <div className="pk-skeleton" aria-busy="true" aria-label={label} role="status">
      {media && <div className="pk-skeleton__media" />}
      <div className="pk-skeleton__text">
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className="pk-skeleton__line" style={{ width: i === lines - 1 ? '60%' : '100%' }} />
        ))}
      </div>
    </div>
  );
}
