import { type ReactNode, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import './tooltip.css';

/** Only one tooltip is open at a time (SPEC §2): opening one closes the other. */
let openId: string | null = null;
const listeners = new Set<() => void>();

function setOpen(id: string | null) {
  openId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type TooltipProps = {
  /** The clickable text that opens the tooltip. */
  children: ReactNode;
  content: ReactNode;
  className?: string;
};

/** Click (or Enter/Space) toggles; Escape or a click elsewhere closes. */
export function Tooltip({ children, content, className }: TooltipProps) {
  const id = useId();
  const open = useSyncExternalStore(subscribe, () => openId === id);
  const rootRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(null);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(null);
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(
    () => () => {
      if (openId === id) setOpen(null);
    },
    [id],
  );

  return (
    <span ref={rootRef} className={`tooltip ${className ?? ''}`}>
      <button
        type="button"
        className="tooltip__trigger"
        aria-expanded={open}
        aria-describedby={open ? `${id}-tip` : undefined}
        onClick={() => setOpen(open ? null : id)}
      >
        {children}
      </button>
      {open ? (
        <span role="tooltip" id={`${id}-tip`} className="tooltip__bubble">
          {content}
        </span>
      ) : null}
    </span>
  );
}
