import { pageOf, scanHistoryDetailSchema, scanHistoryQuerySchema, scanSummarySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors.ts';
import { PERMISSION_DENIED } from '../auth/index.ts';
import { isOwner, NOT_FOUND, presentResult } from './scan-requests.ts';
import { requestOrigin } from './own-links.ts';
import { presentSummary } from './scan-summary.ts';
import { findScanByUid, pageOfUserScans } from './scans.repository.ts';

/** SPEC §9: the history shows 10 scans a page. */
export const HISTORY_PAGE_SIZE = 10;
export const INVALID_PAGE = 'Invalid page.';

function pageLink(page: number, user: string | undefined): string {
  const query = new URLSearchParams({ page: String(page), ...(user ? { user } : {}) });
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
      const caller = request.user!;
      const { page, user } = request.query;
      if (user !== undefined && user !== caller.uid) throw new HttpError(403, { detail: PERMISSION_DENIED });
      const { count, rows } = await pageOfUserScans(app.db, caller.id, {
        offset: (page - 1) * HISTORY_PAGE_SIZE,
        limit: HISTORY_PAGE_SIZE,
      });
      const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
      if (page > pages) throw new HttpError(404, { detail: INVALID_PAGE });
      return {
        count,
        next: page < pages ? pageLink(page + 1, user) : null,
        previous: page > 1 ? pageLink(page - 1, user) : null,
        results: rows.map(presentSummary),
      };
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
      const scan = await findScanByUid(app.db, request.params.uid);
      if (!scan || !isOwner(scan, request.user)) throw new HttpError(404, { detail: NOT_FOUND });
      return { ...presentSummary(scan), status: scan.status, options: scan.options, data: presentResult(scan, requestOrigin(request)) };
    },
  );
};
