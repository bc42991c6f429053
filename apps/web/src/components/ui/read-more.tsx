import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Text clamped to a few lines with a Read more / Read less toggle, offered only when the text
 * really overflows (SPEC §2).
 */
export function ReadMore({ text, lines = 3, className }: { text: string; lines?: number; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      if (!expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [text, expanded]);

  return (
    <div className={className}>
      <p
        ref={ref}
        className={expanded ? 'read-more' : 'read-more read-more--clamped'}
        style={{ WebkitLineClamp: expanded ? 'unset' : lines }}
      >
        {text}
      </p>
      {overflows || expanded ? (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Read less' : 'Read more'}
        </button>
      ) : null}
    </div>
  );
}
