import { plansResponseSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentPlanLists } from './plan-presenter.ts';
import { listPlans } from './plans.repository.ts';

/** `GET {scan-api}/memberships/plans/` (SPEC §7): public, for the pricing table. */
export const plansScanApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/memberships/plans/', { schema: { response: { 200: plansResponseSchema } } }, async () =>
    presentPlanLists(await listPlans(app.db)),
  );
};
