import { healthCheckSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUp } from '../../db/database.ts';

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
