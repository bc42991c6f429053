import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { lookupPlugin } from './modules/lookup/lookup.plugin.ts';
import { lookupRoutes } from './modules/lookup/lookup.routes.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/runtime-config.routes.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

export type AppDependencies = {
  /** A database the caller owns; tests pass a fresh one per file. */
  db?: Db;
};

/** The whole product as one Fastify instance; `main.ts` listens with it, tests `inject` into it. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { runtime: config.runtime, rateLimitMax: config.rateLimitMax });
  await app.register(databasePlugin, { database: config.database, ...(deps.db ? { db: deps.db } : {}) });
  await app.register(mailPlugin, { mail: config.mail });
  await app.register(lookupPlugin, { reputation: config.reputation, version: config.version });

  await app.register(runtimeConfigRoutes, { runtime: config.runtime });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: config.version });
      await api.register(lookupRoutes, { batchRateLimitMax: config.lookupBatchRateLimitMax });
    },
    { prefix: '/api/v1' },
  );

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
