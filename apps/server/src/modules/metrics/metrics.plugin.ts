import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import { countUnfinishedScans, oldestQueuedScanAgeSeconds } from '../scans/index.ts';
import { httpErrors, httpResponses, registry } from './scan-metrics.ts';

/**
 * Scans waiting or running across the fleet, and how long the oldest waiting one has waited: in a
 * registry of this app's own (it reads this app's database), merged with the process's at scrape.
 */
function queueGauges(app: FastifyInstance): Registry {
  const own = new Registry();
  const depth = new Gauge({
    name: 'riskscan_scan_queue_depth',
    help: 'Scans accepted and not finished, fleet-wide, by status',
    labelNames: ['status'] as const,
    registers: [own],
    async collect() {
      const counts = await countUnfinishedScans(app.db);
      for (const status of ['queued', 'running'] as const) depth.set({ status }, counts[status]);
    },
  });
  const age = new Gauge({
    name: 'riskscan_scan_queue_oldest_age_seconds',
    help: 'Age of the oldest scan still queued, fleet-wide (0 when none waits)',
    registers: [own],
    async collect() {
      age.set(await oldestQueuedScanAgeSeconds(app.db));
    },
  });
  return own;
}

/**
 * `GET /metrics` in Prometheus' text format: process, HTTP and scan figures (see scan-metrics.ts).
 * Meant for the operator's scraper on the private network; it carries counts, never URLs or users.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const merged = Registry.merge([registry, queueGauges(app)]);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route };
      httpResponses.inc({ ...labels, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      if (reply.statusCode >= 500) httpErrors.inc(labels);
    });
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
      reply.type(merged.contentType).send(await merged.metrics()),
    );
  },
  { name: 'metrics', dependencies: ['database'] },
);
