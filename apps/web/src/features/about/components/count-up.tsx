import { useEffect, useState } from 'react';

/** SPEC §1 about counters: each counts up to its figure; the suffix (M+, %, +) stays put. */
export const ABOUT_COUNTERS = [
  { value: 3, suffix: 'M+', label: 'URLs scanned' },
  { value: 78, suffix: '%', label: 'detection accuracy' },
  { value: 100, suffix: '%', label: 'Swiss made' },
  { value: 4, suffix: '+', label: 'committed security' },
] as const;

const COUNT_MS = 1600;

/** Eases from 0 to `target` once; people who ask for reduced motion see the figure at once. */
export function useCountUp(target: number, durationMs = COUNT_MS): number {
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [value, setValue] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / durationMs);
      setValue(Math.round(target * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduced]);
  return value;
}

function Counter({ value, suffix, label }: { value: number; suffix: string; label: string }) {
  const shown = useCountUp(value);
  return (
    <li className="about-counter">
      <span className="about-counter__value" aria-hidden="true">
        {shown}
        {suffix}
      </span>
      <span className="pk-visually-hidden">
        {value}
        {suffix}
      </span>{' '}
      <span className="about-counter__label">{label}</span>
    </li>
  );
}

export function AboutCounters() {
  return (
    <ul className="about-counters">
      {ABOUT_COUNTERS.map((counter) => (
        <Counter key={counter.label} {...counter} />
      ))}
    </ul>
  );
}
