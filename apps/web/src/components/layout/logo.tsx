/** The riskscan mark: a shield with a scan line, drawn inline so it needs no request. */
export function Logo({ size = 32, withName = true, className }: { size?: number; withName?: boolean; className?: string }) {
  return (
    <span className={`logo ${className ?? ''}`}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2f6bff" />
            <stop offset="1" stopColor="#19c39c" />
          </linearGradient>
        </defs>
        <path d="M16 2 4 6.5v8.2c0 7.3 5 13 12 15.3 7-2.3 12-8 12-15.3V6.5L16 2Z" fill="url(#logo-g)" />
        <path d="M9 16.5h4l2-4.5 3 8 2-3.5h3" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {withName ? (
        <span className="logo__name">
          risk<strong>scan</strong>
        </span>
      ) : null}
    </span>
  );
}
