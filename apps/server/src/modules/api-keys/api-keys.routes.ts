import { randomUUID } from 'node:crypto';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import { generateApiKey } from './api-key-secrets.ts';
import { type ApiKeyRow, insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.ts';

export const API_ACCESS_NOT_IN_PLAN = 'Your plan does not include API access.';
export const API_KEY_NOT_FOUND = 'API key not found.';

const presentKey = (row: ApiKeyRow) => ({
  uid: row.uid,
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/** Managing keys takes a signed-in session (`authenticate`): a key can never mint or revoke keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys/',
    { preHandler: app.authenticate, schema: { summary: 'Your live API keys', response: { 200: z.array(apiKeySchema) } } },
    async (request) => (await listApiKeys(app.db, request.user!.id)).map(presentKey),
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
    async (request, reply) => {
      const userId = request.user!.id;
      if (!(await app.scans.allowance.planFlags(userId)).api_access) throw new HttpError(403, { detail: API_ACCESS_NOT_IN_PLAN });
      const secret = generateApiKey();
      const row = await insertApiKey(app.db, {
        uid: randomUUID(),
        userId,
        name: request.body.name,
        prefix: secret.prefix,
        keyHash: secret.hash,
      });
      return reply.status(201).send({ ...presentKey(row), key: secret.key });
    },
  );

  app.delete(
    '/api-keys/:uid/',
    { preHandler: app.authenticate, schema: { summary: 'Revoke an API key', params: uidParamsSchema } },
    async (request, reply) => {
      if (!(await revokeApiKey(app.db, request.user!.id, request.params.uid))) throw new HttpError(404, { detail: API_KEY_NOT_FOUND });
      return reply.status(204).send();
    },
  );
};
