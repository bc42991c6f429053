import { randomUUID } from 'node:crypto';
import { scanProfileInputSchema, scanProfilePatchSchema, scanProfileSchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import { deleteProfile, insertProfile, updateProfile } from './scan-profiles.repository.ts';
import { assertKnownChecks, PROFILE_NOT_FOUND, profilesOf } from './scan-profiles.service.ts';

export const PROFILES_NOT_IN_PLAN = 'Your plan does not include custom scan profiles.';

/** Scan profiles (SPEC §3): everyone reads the built-in one; plans with `scan_profiles` keep their own. */
export const scanProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayWrite = async (userId: number) => {
    if (!(await app.scans.allowance.planFlags(userId)).scan_profiles) throw new HttpError(403, { detail: PROFILES_NOT_IN_PLAN });
  };

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
    async (request, reply) => {
      await mayWrite(request.user!.id);
      assertKnownChecks(request.body.checks);
      return reply.status(201).send(await insertProfile(app.db, request.user!.id, randomUUID(), request.body));
    },
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
    async (request) => {
      await mayWrite(request.user!.id);
      assertKnownChecks(request.body.checks);
      const profile = await updateProfile(app.db, request.user!.id, request.params.uid, request.body);
      if (!profile) throw new HttpError(404, { detail: PROFILE_NOT_FOUND });
      return profile;
    },
  );

  app.delete(
    '/scan-profiles/:uid/',
    { preHandler: app.requireScope('scan'), schema: { summary: 'Delete a scan profile', params: uidParamsSchema } },
    async (request, reply) => {
      if (!(await deleteProfile(app.db, request.user!.id, request.params.uid))) throw new HttpError(404, { detail: PROFILE_NOT_FOUND });
      return reply.status(204).send();
    },
  );
};
