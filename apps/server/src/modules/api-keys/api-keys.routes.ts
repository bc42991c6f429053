import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeysContext, createKey, keysOf, revokeKey } from './api-keys.service.ts';

/** Managing keys takes a signed-in session (`authenticate`): a key can never mint or revoke keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod<Pick<ApiKeysContext, 'entitlements'>> = async (app, { entitlements }) => {
  const ctx: ApiKeysContext = { db: app.db, entitlements };

  app.get(
    '/api-keys/',
    { preHandler: app.authenticate, schema: { summary: 'Your live API keys', response: { 200: z.array(apiKeySchema) } } },
    async (request) => keysOf(ctx, request.user!.id),
  );

  app.post(
    '/api-keys/',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Create an API key',
        description: 'The key is in this answer only; it is stored hashed.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createKey(ctx, request.user!.id, request.body.name)),
  );

  app.delete(
    '/api-keys/:uid/',
    { preHandler: app.authenticate, schema: { summary: 'Revoke an API key', params: uidParamsSchema } },
    async (request, reply) => {
      await revokeKey(ctx, request.user!.id, request.params.uid);
      return reply.status(204).send();
    },
  );
};
