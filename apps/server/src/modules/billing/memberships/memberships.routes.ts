import { detailErrorSchema, membershipsResponseSchema, singlePlanSchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeMemberships } from './current-membership.ts';
import { quotePlanByUid } from './upgrade-quote.ts';

/** SPEC §7 `GET /memberships/` and `GET /memberships/plans/{id}/` under the product API. */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.memberships.context;

  app.get('/memberships/', { preHandler: app.authenticate, schema: { response: { 200: membershipsResponseSchema } } }, async (request) =>
    describeMemberships(db, request.user!.id, clock()),
  );

  app.get(
    '/memberships/plans/:uid/',
    {
      preHandler: app.optionalAuth,
      schema: { params: uidParamsSchema, response: { 200: singlePlanSchema, 404: detailErrorSchema } },
    },
    async (request) => {
      // Only a signed-in person has a membership to credit; API keys and guests see the list price.
      const userId = request.user?.scopes.includes('account') ? request.user.id : null;
      return quotePlanByUid(db, request.params.uid, userId, clock());
    },
  );
};
