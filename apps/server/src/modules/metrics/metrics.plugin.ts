import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import { httpErrors, httpResponses, registry } from './scan-metrics.ts';

/** How long the database figures are reused: scrapes (anyone's, however often) cost no queries between. */
const DATABASE_FIGURES_TTL_MS = 15_000;

/** The last value of `read`, read again only once it is older than `ttlMs`. */
function cached<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) {
      const value = read();
      last = { at: Date.now(), value };
      value.catch(() => (last = null));
    }
    return last.value;
  };
}

/** The scan queue's figures as the scans module reads them from the database (handed in by `app.ts`). */
export type QueueFigures = {
  unfinished(): Promise<{ queued: number; running: number }>;
  oldestQueuedAgeSeconds(): Promise<number>;
};

/**
 * Scans waiting or running across the fleet, and how long the oldest waiting one has waited: in a
 * registry of this app's own (it reads this app's database), merged with the process's at scrape.
 */
function queueGauges(figures: QueueFigures): Registry {
  const own = new Registry();
  const unfinished = cached(() => figures.unfinished(), DATABASE_FIGURES_TTL_MS);
  const oldestQueued = cached(() => figures.oldestQueuedAgeSeconds(), DATABASE_FIGURES_TTL_MS);
  const depth = new Gauge({
    name: 'riskscan_scan_queue_depth',
    help: 'Scans accepted and not finished, fleet-wide, by status',
    labelNames: ['status'] as const,
    registers: [own],
    async collect() {
      const counts = await unfinished();
      for (const status of ['queued', 'running'] as const) depth.set({ status }, counts[status]);
    },
  });
  const age = new Gauge({
    name: 'riskscan_scan_queue_oldest_age_seconds',
    help: 'Age of the oldest scan still queued, fleet-wide (0 when none waits)',
    registers: [own],
    async collect() {
      age.set(await oldestQueued());
    },
  });
  return own;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** A discovery source (a certificate-transparency log) as monitoring reports it. */
export type DiscoverySourceStatus = { source: string; lastGrewAt: Date | null; staleSince: Date | null };

export type MetricsPluginOptions = {
  token: string | null;
  /** The scan queue's figures (scans). */
  queueFigures: QueueFigures;
  /** Monitoring's discovery sources, for the stale-source alert (none: no such figures). */
  discoverySources?: () => Promise<DiscoverySourceStatus[]>;
};

/** Whether each discovery source is stale, and when it last grew: an operator alerts on `riskscan_discovery_source_stale == 1`. */
function discoveryGauges(sources: () => Promise<DiscoverySourceStatus[]>): Registry {
  const own = new Registry();
  const read = cached(sources, DATABASE_FIGURES_TTL_MS);
  const stale = new Gauge({
    name: 'riskscan_discovery_source_stale',
    help: 'A discovery source (certificate-transparency log) that stopped advancing: 1 stale, 0 fresh',
    labelNames: ['source'] as const,
    registers: [own],
    async collect() {
      stale.reset();
      for (const status of await read()) stale.set({ source: status.source }, status.staleSince ? 1 : 0);
    },
  });
  const grew = new Gauge({
    name: 'riskscan_discovery_source_last_grew_timestamp_seconds',
    help: 'When the discovery source last grew, in seconds since the epoch (absent: never read)',
    labelNames: ['source'] as const,
    registers: [own],
    async collect() {
      grew.reset();
      for (const status of await read()) if (status.lastGrewAt) grew.set({ source: status.source }, status.lastGrewAt.getTime() / 1000);
    },
  });
  return own;
}

/**
 * `GET /metrics` in Prometheus' text format: process, HTTP and scan figures (see scan-metrics.ts),
 * for the operator's scraper with `METRICS_TOKEN` as a bearer token; without a token configured
 * the route does not exist (404). It carries counts, never URLs or users.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    const merged = Registry.merge([
      registry,
      queueGauges(options.queueFigures),
      ...(options.discoverySources ? [discoveryGauges(options.discoverySources)] : []),
    ]);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route };
      httpResponses.inc({ ...labels, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      if (reply.statusCode >= 500) httpErrors.inc(labels);
    });
    const token = options.token;
    if (!token) return;
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
      if (!carriesToken(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: 'Authentication credentials were not provided.' });
      }
      return reply.type(merged.contentType).send(await merged.metrics());
    });
  },
  { name: 'metrics' },
);
