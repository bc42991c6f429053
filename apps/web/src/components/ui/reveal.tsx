import { type ElementType, type ReactNode, useEffect, useRef, useState } from 'react';

/** SPEC §9 scroll animation: once, 500 ms, ease-out-cubic (the timing lives in the CSS), off on phones. */
const PHONE_QUERY = '(max-width: 767px), (prefers-reduced-motion: reduce)';

export function shouldAnimate(win: Window = window): boolean {
  return 'IntersectionObserver' in win && !win.matchMedia?.(PHONE_QUERY).matches;
}

/** Fades and lifts its content into view the first time it scrolls into the viewport. */
export function Reveal({
  children,
  as: Tag = 'div',
  className,
  delayMs = 0,
}: {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  delayMs?: number;
}) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>(() => (shouldAnimate() ? 'waiting' : 'static'));

  useEffect(() => {
    const el = ref.current;
    if (state !== 'waiting' || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -60px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [state]);

  const classes = [className, state === 'static' ? '' : 'reveal', state === 'shown' ? 'reveal--shown' : ''].filter(Boolean).join(' ');
  return (
    <Tag ref={ref} className={classes} style={delayMs ? { transitionDelay: `${delayMs}ms` } : undefined}>
      {children}
    </Tag>
  );
}
