import './usage-bar.css';

const count = new Intl.NumberFormat('en-US');

/** How much of a quota is used; amber from 80 %, red when spent. */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
  const tone = ratio >= 1 ? 'spent' : ratio >= 0.8 ? 'high' : 'ok';
  return (
    <div className="usage-bar">
      <div className="usage-bar__text">
        <span>{label}</span>
        <span>
          {count.format(used)} / {count.format(limit)}
        </span>
      </div>
      <div
        className={`usage-bar__track usage-bar__track--${tone}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
      >
        <span style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}
