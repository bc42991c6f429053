import { pageOf, scanHistoryDetailSchema, scanHistoryQuerySchema, scanSummarySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from './own-links.ts';
import { presentResult } from './scan-presenter.ts';
import { presentSummary } from './scan-summary.ts';
import { historyPage, ownScan } from './scan-reads.ts';

function pageLink(page: number | null, user: string | undefined, pageSize: number | undefined): string | null {
  if (page === null) return null;
  const query = new URLSearchParams({
    page: String(page),
    ...(user ? { user } : {}),
    ...(pageSize ? { page_size: String(pageSize) } : {}),
  });
  return `/api/v1/scan-history/?${query}`;
}

/** A user's own scans, newest first, in Django-REST-style pages (DESIGN §5), and one scan in full. */
export const scanHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scan-history/',
    {
      preHandler: app.requireScope('scan'),
      schema: { summary: 'Your scans, paged', querystring: scanHistoryQuerySchema, response: { 200: pageOf(scanSummarySchema) } },
    },
    async (request) => {
      const { count, results, next, previous } = await historyPage(app.db, request.user!, request.query);
      const { user, page_size: pageSize } = request.query;
      return { count, next: pageLink(next, user, pageSize), previous: pageLink(previous, user, pageSize), results };
    },
  );

  app.get(
    '/scan-history/:uid/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'One of your scans with its options and report',
        params: uidParamsSchema,
        response: { 200: scanHistoryDetailSchema },
      },
    },
    async (request) => {
      const scan = await ownScan(app.db, request.params.uid, request.user ?? null);
      return { ...presentSummary(scan), status: scan.status, options: scan.options, data: presentResult(scan, requestOrigin(request)) };
    },
  );
};
