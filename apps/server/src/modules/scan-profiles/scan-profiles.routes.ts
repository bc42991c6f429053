import { scanProfileInputSchema, scanProfilePatchSchema, scanProfileSchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeProfile, createProfile, profilesOf, removeProfile, type ScanProfilesContext } from './scan-profiles.service.ts';

/** Scan profiles (SPEC §3): everyone reads the built-in one; plans with `scan_profiles` keep their own. */
export const scanProfilesRoutes: FastifyPluginAsyncZod<Pick<ScanProfilesContext, 'entitlements'>> = async (app, { entitlements }) => {
  const ctx: ScanProfilesContext = { db: app.db, entitlements };

  app.get(
    '/scan-profiles/',
    { preHandler: app.requireScope('scan'), schema: { summary: 'Your scan profiles', response: { 200: z.array(scanProfileSchema) } } },
    async (request) => profilesOf(app.db, request.user!.id),
  );

  app.post(
    '/scan-profiles/',
    {
      preHandler: app.requireScope('scan'),
      schema: { summary: 'Create a scan profile', body: scanProfileInputSchema, response: { 201: scanProfileSchema } },
    },
    async (request, reply) => reply.status(201).send(await createProfile(ctx, request.user!.id, request.body)),
  );

  app.patch(
    '/scan-profiles/:uid/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'Change a scan profile',
        params: uidParamsSchema,
        body: scanProfilePatchSchema,
        response: { 200: scanProfileSchema },
      },
    },
    async (request) => changeProfile(ctx, request.user!.id, request.params.uid, request.body),
  );

  app.delete(
    '/scan-profiles/:uid/',
    { preHandler: app.requireScope('scan'), schema: { summary: 'Delete a scan profile', params: uidParamsSchema } },
    async (request, reply) => {
      await removeProfile(ctx, request.user!.id, request.params.uid);
      return reply.status(204).send();
    },
  );
};
