import { plansResponseSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planLists } from './plans.service.ts';

/** `GET {scan-api}/memberships/plans/` (SPEC §7): public, for the pricing table. */
export const plansScanApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/memberships/plans/', { schema: { response: { 200: plansResponseSchema } } }, async () => planLists(app.db));
};
