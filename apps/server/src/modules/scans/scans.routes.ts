import {
  badRequestSchema,
  checkUrlQuerySchema,
  checkUrlResponseSchema,
  detailErrorSchema,
  exportQuerySchema,
  scanJobSchema,
  scanOptionsSchema,
  SCAN_BATCH_MAX,
  SCAN_WAIT_MAX_SECONDS,
  scanBatchRequestSchema,
  scanBatchResponseSchema,
  scanEnded,
  SCAN_CANCELLED,
  scanRequestSchema,
  uidParamsSchema,
  unfinishedScansSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-errors.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requestOrigin, scanOptionsOnOrigin } from './own-links.ts';
import { scanResultCsv, scanResultHar } from './scan-export.ts';
import { exportablePage, exportableReport, viewableScan } from './scan-reads.ts';
import { presentResult, SCAN_FAILED } from './scan-presenter.ts';
import { REGISTERED_USERS_ONLY } from './scan-policy.ts';
import { requestScan } from './scan-request.service.ts';
import { cancelScan, stageOf, unfinishedScansOf } from './scan-progress.ts';
import { longestScanMs, waitForScan } from './scan-waiting.ts';

/** The scan calls of the product API (SPEC §7, DESIGN §5): check-url, asynchronous scans, exports, options. */
export const scansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.scans;

  app.get(
    '/check-url/',
    {
      preHandler: app.requireScope('scan', 'free-scan'),
      schema: {
        summary: 'Scan a URL and wait for the report',
        description: 'Answers with a public scan of the same URL from the last 24 hours (`recently_scanned: true`) unless `new=true`.',
        querystring: checkUrlQuerySchema,
        response: { 200: checkUrlResponseSchema, 409: detailErrorSchema, 503: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const { scan, reused } = await requestScan(service, request.user!, request.query, request.clientKey);
      const finished = reused ? scan : await waitForScan(service, scan.uid, longestScanMs(service.config));
      if (finished.status === 'cancelled') return reply.status(409).send({ detail: SCAN_CANCELLED });
      const data = finished.status === 'done' ? presentResult(finished, requestOrigin(request), reused) : null;
      if (!data) return reply.status(503).send({ detail: SCAN_FAILED });
      return { status: finished.status, data };
    },
  );

  app.post(
    '/scans/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'Queue a scan',
        description: '202 with the uid to poll; 200 with the report when a public scan of the URL from the last 24 hours is reused.',
        body: scanRequestSchema,
        response: { 200: scanJobSchema, 202: scanJobSchema },
      },
    },
    async (request, reply) => {
      const { scan, reused } = await requestScan(service, request.user!, request.body);
      if (reused) {
        // The report exists already; the callback still gets it, as promised.
        if (request.body.callback_url) void notifyReused(scan, request.user!.id, request.body.callback_url);
        return reply.status(200).send({ uid: scan.uid, status: scan.status, data: presentResult(scan, requestOrigin(request), true) });
      }
      if (request.body.wait) {
        const ended = await waitForScan(service, scan.uid, SCAN_WAIT_MAX_SECONDS * 1000);
        if (scanEnded(ended.status)) {
          return reply.status(200).send({
            uid: ended.uid,
            status: ended.status,
            stage: null,
            data: ended.status === 'done' ? presentResult(ended, requestOrigin(request)) : null,
          });
        }
        return reply.status(202).send({ uid: ended.uid, status: ended.status, stage: stageOf(ended), data: null });
      }
      return reply.status(202).send({ uid: scan.uid, status: scan.status, stage: stageOf(scan), data: null });
    },
  );

  /** A reused scan is another account's row: its callback is the caller's, signed with the caller's secret. */
  const notifyReused = (scan: Parameters<typeof presentResult>[0], callerId: number, callbackUrl: string) =>
    service.callbacks
      .notify({ ...scan, user_id: callerId, options: { ...scan.options, callback_url: callbackUrl } })
      .catch((error: unknown) => {
        app.log.warn({ err: error, scanUid: scan.uid }, 'scan callback failed');
      });

  app.post(
    '/scans/batch/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: `Queue scans of up to ${SCAN_BATCH_MAX} URLs`,
        description: 'One scan (and one quota unit) per URL, in order; a URL that cannot be scanned gets an error entry instead.',
        body: scanBatchRequestSchema,
        response: { 200: scanBatchResponseSchema },
      },
    },
    async (request) => {
      const { urls, ...options } = request.body;
      const scans = [];
      // One after the other: each spends quota, and the quota check must see the one before.
      for (const url of urls) {
        try {
          const { scan, reused } = await requestScan(service, request.user!, { ...options, url });
          if (reused && options.callback_url) void notifyReused(scan, request.user!.id, options.callback_url);
          scans.push({ url: scan.url, uid: scan.uid, status: scan.status });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const body: Record<string, unknown> = error.body;
          const message = 'detail' in body ? String(body.detail) : Object.values(body).flat().join(' ');
          scans.push({ url, error: message });
        }
      }
      return { scans };
    },
  );

  app.get(
    '/scans/unfinished/',
    {
      preHandler: app.requireScope('scan', 'free-scan'),
      schema: {
        summary: 'Your scans still queued or running, with the stage each is in',
        description: 'Newest first: queued, fetching (the page), rendering (in a browser) or judging (what was found).',
        response: { 200: unfinishedScansSchema },
      },
    },
    async (request) => unfinishedScansOf(service.db, request.user!),
  );

  app.get(
    '/scans/:uid/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'A queued scan, the stage it is in and, once done, its report',
        params: uidParamsSchema,
        response: { 200: scanJobSchema },
      },
    },
    async (request) => {
      const scan = await viewableScan(service.db, request.params.uid, request.user ?? null);
      return { uid: scan.uid, status: scan.status, stage: stageOf(scan), data: presentResult(scan, requestOrigin(request)) };
    },
  );

  app.post(
    '/scans/:uid/cancel/',
    {
      preHandler: app.requireScope('scan', 'free-scan'),
      schema: {
        summary: 'Cancel a scan you asked for that is still queued or running',
        description: 'The scan ends as `cancelled` at once and its quota unit (or free scan) is given back.',
        params: uidParamsSchema,
        response: { 200: scanJobSchema, 400: badRequestSchema, 403: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => {
      const scan = await cancelScan(service, request.params.uid, request.user!);
      return { uid: scan.uid, status: scan.status, stage: null, data: null };
    },
  );

  app.get(
    '/scans/:uid/export/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'Download a scan report as JSON or CSV',
        params: uidParamsSchema,
        description:
          "JSON: the report itself; CSV: the overall figures, then one row per detail; HAR: the browser's requests as an HTTP Archive 1.2 log; DOM: the page's HTML as the checks read it (the rendered DOM when the browser ran), as plain text.",
        querystring: exportQuerySchema,
        produces: ['application/json', 'text/csv', 'text/plain'],
      },
    },
    async (request, reply) => {
      const { scan, result } = await exportableReport(service, request.params.uid, request.user!, requestOrigin(request));
      const format = request.query.format;
      if (format === 'dom') {
        const page = await exportablePage(service.db, scan);
        // The scanned site's HTML, never rendered anywhere: plain text named .txt (a saved copy opens in an editor, not a
        // browser that would run its scripts), a download, and sandboxed should anything open it.
        reply.header('content-disposition', `attachment; filename="riskscan-${scan.uid}.dom.txt"`);
        reply.header('content-security-policy', 'sandbox');
        if (page.truncated) reply.header('x-riskscan-truncated', 'true');
        return reply.type('text/plain; charset=utf-8').send(page.html);
      }
      reply.header('content-disposition', `attachment; filename="riskscan-${scan.uid}.${format}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(scanResultCsv(result));
      if (format === 'har') return reply.type('application/json; charset=utf-8').send(JSON.stringify(scanResultHar(result)));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  app.get(
    '/scan-options/',
    {
      preHandler: async (request) => {
        const user = await app.auth.identify(request);
        if (user?.kind !== 'user') throw new HttpError(user ? 403 : 401, { detail: REGISTERED_USERS_ONLY });
        request.user = user;
      },
      schema: { summary: 'Scan locations and user agents for signed-in users', response: { 200: scanOptionsSchema } },
    },
    async (request) => scanOptionsOnOrigin(service.capture.scanOptions(), requestOrigin(request)),
  );
};
