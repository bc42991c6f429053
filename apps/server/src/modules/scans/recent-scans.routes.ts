import { detailErrorSchema, recentScanResponseSchema, type ScanSummary, scanSummarySchema, uidParamsSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import { NOT_FOUND, presentResult } from './scan-requests.ts';
import { requestOrigin } from './own-links.ts';
import { presentSummary } from './scan-summary.ts';
import { findBoardScan, listBoard } from './scans.repository.ts';

/** DESIGN §5: the board shows the 10 newest public scans. */
export const BOARD_SIZE = 10;
/** Every visitor's page polls the board (every 20 s, SPEC §9): one query serves them all for this long. */
const BOARD_CACHE_MS = 2000;

/**
 * The public recent-scans board on the scan API (`/api`). Only scans that are public and whose
 * URL carries no secrets are ever listed or opened here; no credentials are needed.
 */
export const recentScansRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: { at: number; board: Promise<ScanSummary[]> } | null = null;
  const board = (): Promise<ScanSummary[]> => {
    if (!cached || Date.now() - cached.at > BOARD_CACHE_MS) {
      const fresh = listBoard(app.db, BOARD_SIZE).then((rows) => rows.map(presentSummary));
      cached = { at: Date.now(), board: fresh };
      fresh.catch(() => (cached = null));
    }
    return cached.board;
  };

  app.get('/recent-scans/', { schema: { summary: 'The newest public scans', response: { 200: z.array(scanSummarySchema) } } }, board);

  app.get(
    '/recent-scans/:uid/',
    {
      schema: {
        summary: 'One scan of the board',
        params: uidParamsSchema,
        response: { 200: recentScanResponseSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const scan = await findBoardScan(app.db, request.params.uid);
      const data = scan && presentResult(scan, requestOrigin(request));
      if (!data) throw new HttpError(404, { detail: NOT_FOUND });
      return { data };
    },
  );
};
