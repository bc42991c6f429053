import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /webhooks/secret/`: the caller's signing secret, to check `Riskscan-Signature` on callbacks. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ secretFor: (accountUid: string) => Promise<string> }> = async (app, { secretFor }) => {
  app.get(
    '/webhooks/secret/',
    {
      preHandler: app.requireScope('scan'),
      schema: { summary: 'Your webhook signing secret (HMAC-SHA256)', response: { 200: z.object({ secret: z.string() }) } },
    },
    async (request) => ({ secret: await secretFor(request.user!.uid) }),
  );
};
