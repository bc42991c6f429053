/** Prometheus metrics: the `/metrics` plugin, and the counters scan runners record into. */
export { metricsPlugin } from './metrics.plugin.ts';
export { registry, scanFailures, scanStageSeconds, scanVerdicts } from './scan-metrics.ts';
export { startWorkerProbes } from './worker-probes.ts';
