import {
  detailErrorSchema,
  badRequestSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchMatchesSchema,
  savedSearchSchema,
  uidParamsSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Entitlements } from '../billing/index.ts';
import type { WebhookNetwork } from '../webhooks/index.ts';
import { listSavedSearches, removeSavedSearch, saveSearch, type SavedSearchesContext, viewMatches } from './saved-searches.service.ts';

const SAVE_DESCRIPTION = `Saves a search (the \`q\` of \`GET /search/\`): every scan that finishes afterwards, yours and public ones, is matched against it, and each match is listed under it and sent through the delivery log (e-mail to your account's address, and a Standard Webhooks POST signed with your account's key).

A rule must match one scan without searching them all again: \`similar:\`, \`structure:\` and \`favicon:\` are refused, and so is a word that starts with a wildcard. Your plan decides how many saved searches you keep (none on Free).`;

/** Saved searches that alert (issue 38): a saved search is its owner's alone. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{
  entitlements: Pick<Entitlements, 'planName'>;
  network: WebhookNetwork;
}> = async (app, options) => {
  const ctx: SavedSearchesContext = { db: app.db, planName: (userId) => options.entitlements.planName(userId), network: options.network };
  const signedIn = { preHandler: app.requireScope('scan') };

  app.post(
    '/saved-searches/',
    {
      ...signedIn,
      schema: {
        summary: 'Save a search and be alerted when a new scan matches it',
        description: SAVE_DESCRIPTION,
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, 400: badRequestSchema, 403: detailErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await saveSearch(ctx, request.user!.id, request.body)),
  );

  app.get(
    '/saved-searches/',
    {
      ...signedIn,
      schema: { summary: 'Your saved searches, each with its matches since you last looked', response: { 200: savedSearchListSchema } },
    },
    async (request) => listSavedSearches(ctx, request.user!.id),
  );

  app.get(
    '/saved-searches/:uid/matches/',
    {
      ...signedIn,
      schema: {
        summary: 'The scans that matched a saved search, newest first (opening them counts as looking)',
        params: uidParamsSchema,
        response: { 200: savedSearchMatchesSchema, 404: detailErrorSchema },
      },
    },
    async (request) => viewMatches(ctx, request.user!.id, request.params.uid),
  );

  app.delete(
    '/saved-searches/:uid/',
    {
      ...signedIn,
      schema: {
        summary: 'Delete a saved search and its matches',
        params: uidParamsSchema,
        response: { 204: z.null(), 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await removeSavedSearch(ctx, request.user!.id, request.params.uid);
      return reply.status(204).send(null);
    },
  );
};
