import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per process (an API or a worker): process figures (RSS, heap, event-loop lag,
 * handles), HTTP answers, and what this process's scans did. Fleet-wide queue figures are read
 * from the database at scrape time (`queueCollector`), so every API answers them alike.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'riskscan_' });

export const httpResponses = new Counter({
  name: 'riskscan_http_responses_total',
  help: 'HTTP answers by method, route and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [registry],
});

export const httpErrors = new Counter({
  name: 'riskscan_http_errors_total',
  help: 'HTTP answers with a 5xx status, by route',
  labelNames: ['method', 'route'] as const,
  registers: [registry],
});

export const scanStageSeconds = new Histogram({
  name: 'riskscan_scan_stage_duration_seconds',
  help: 'Time scans spend per stage: queue_wait (accepted to started), run (fetch, browser, checks, AI summary), store',
  labelNames: ['stage'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});

export const scanVerdicts = new Counter({
  name: 'riskscan_scan_verdicts_total',
  help: 'Finished scans by risk level (rate() gives verdicts per second)',
  labelNames: ['level'] as const,
  registers: [registry],
});

export const scanFailures = new Counter({
  name: 'riskscan_scan_failures_total',
  help: 'Scan attempts that failed, by kind (time_limit, error) and whether it was the last attempt',
  labelNames: ['kind', 'final'] as const,
  registers: [registry],
});
