import { detailErrorSchema, recentScanResponseSchema, scanSummarySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from './own-links.ts';
import { createRecentScansBoard } from './scan-reads.ts';

/** The public recent-scans board on the scan API (`/api`); no credentials are needed. */
export const recentScansRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = createRecentScansBoard(app.db);

  app.get('/recent-scans/', { schema: { summary: 'The newest public scans', response: { 200: z.array(scanSummarySchema) } } }, () =>
    board.list(),
  );

  app.get(
    '/recent-scans/:uid/',
    {
      schema: {
        summary: 'One scan of the board, or an unlisted scan by its permalink',
        params: uidParamsSchema,
        response: { 200: recentScanResponseSchema, 404: detailErrorSchema },
      },
    },
    async (request) => ({ data: await board.report(request.params.uid, requestOrigin(request)) }),
  );
};
