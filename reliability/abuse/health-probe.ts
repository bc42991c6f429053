import { setTimeout as sleep } from 'node:timers/promises';

export type HealthFigures = { count: number; p50: number; p99: number; max: number };

/** Asks `<base>/livez` every 100 ms until stopped; a check unanswered in 5 s counts as 5 s. */
export function healthProbe(base: string): () => Promise<HealthFigures> {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/livez`, { signal: AbortSignal.timeout(5_000) })
        .then((response) => response.arrayBuffer())
        .catch(() => null);
      times.push(performance.now() - started);
      await sleep(100);
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
  };
}

export const healthCell = (health: HealthFigures) =>
  `${health.p50.toFixed(0)} / ${health.p99.toFixed(0)} / ${health.max.toFixed(0)} (${health.count})`;
