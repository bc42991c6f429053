import { RUNTIME_CONFIG_PATH, runtimeConfigSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** The base URLs the web app reads at start (browser-safe values only, never secrets). */
export const runtimeConfigRoutes: FastifyPluginAsyncZod<{ runtime: Config['runtime'] }> = async (app, { runtime }) => {
  app.get(RUNTIME_CONFIG_PATH, { schema: { hide: true, response: { 200: runtimeConfigSchema } } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(runtime),
  );
};
