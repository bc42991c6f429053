import { healthCheckSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUp } from '../../db/database.ts';

/**
 * For orchestrators (not in the API reference): `/livez` answers while the process serves at
 * all (restart it when not); `/readyz` while it can do its work: the database answers, the scan
 * queue's Redis too when one is used, and it is not shutting down (take it out of rotation when not).
 * `/readyz` also names discovery sources that went stale (a certificate log that stopped growing).
 */
export type ProbeOptions = {
  queueReady: () => Promise<boolean>;
  /** Discovery sources that went stale (they are named, never a reason to leave rotation). */
  staleSources?: () => Promise<{ source: string; staleSince: Date | null; lastError: string | null }[]>;
};

export const probeRoutes: FastifyPluginAsyncZod<ProbeOptions> = async (app, { queueReady, staleSources }) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/livez', { config: { rateLimit: false }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
    const [database, queue, sources] = await Promise.all([
      isDatabaseUp(app.db),
      queueReady().catch(() => false),
      staleSources ? staleSources().catch(() => []) : [],
    ]);
    const ready = database && queue && !closing;
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not ready',
      database: database ? 'up' : 'down',
      queue: queue ? 'up' : 'down',
      closing,
      stale_sources: sources
        .filter((status) => status.staleSince)
        .map((status) => ({ source: status.source, stale_since: status.staleSince!.toISOString(), last_error: status.lastError })),
    });
  });
};

/** GET /health-check/: the web app calls it before every scan (SPEC §7). */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, { version }) => {
  app.get(
    '/health-check/',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Service health',
        response: { 200: healthCheckSchema, 503: healthCheckSchema },
      },
    },
    async (_request, reply) => {
      const databaseUp = await isDatabaseUp(app.db);
      return reply.status(databaseUp ? 200 : 503).send({
        status: databaseUp ? 'ok' : 'degraded',
        database: databaseUp ? 'up' : 'down',
        version,
      });
    },
  );
};
