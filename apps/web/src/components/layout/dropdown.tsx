import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

/** A header dropdown: a button that opens a list of links; Escape or a click outside closes it. */
export function Dropdown({
  label,
  children,
  className,
}: {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div ref={ref} className={`dropdown ${className ?? ''}`}>
      <button type="button" className="dropdown__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        {label}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="dropdown__caret">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={menuId} className="dropdown__menu" hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}
