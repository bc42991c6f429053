import { type ReactNode, useEffect, useId } from 'react';
import './page-kit.css';

type ModalDialogProps = { title: string; open: boolean; onClose(): void; children: ReactNode };

/** A centred dialog over a dimmed page; closes with its (x) button, Escape or a click outside. */
export function ModalDialog({ title, open, onClose, children }: ModalDialogProps) {
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="pk-modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="pk-modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="pk-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="pk-modal__close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
