import {
  detailErrorSchema,
  fieldErrorsSchema,
  uidParamsSchema,
  verdictReportDecisionSchema,
  verdictReportInputSchema,
  verdictReportListSchema,
  verdictReportQuerySchema,
  verdictReportSchema,
  verdictReviewerSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewableScan } from '../scans/index.ts';
import { isOperator, requireOperator } from './operator-policy.ts';
import { decideReport, reportVerdict, reviewQueue, type VerdictCorrections } from './verdict-reports.service.ts';

export type VerdictReportsOptions = { corrections: VerdictCorrections; operatorEmails: readonly string[] };

const tags = ['Verdict reports'];
const errors = {
  400: z.union([detailErrorSchema, fieldErrorsSchema]),
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};

/**
 * Reports of wrong verdicts: any signed-in user or API key reports a scan it may see; operators
 * work the review queue (also `npm run verdict-reports`).
 */
export const verdictReportsRoutes: FastifyPluginAsyncZod<VerdictReportsOptions> = async (app, { corrections, operatorEmails }) => {
  app.post(
    '/scans/:uid/verdict-reports/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        tags,
        summary: 'Report a wrong verdict: an honest site rated risky (false_positive) or phishing rated safe (missed_phishing)',
        params: uidParamsSchema,
        body: verdictReportInputSchema,
        response: { 201: verdictReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scan = await viewableScan(app.db, request.params.uid, request.user!);
      return reply
        .status(201)
        .send(await reportVerdict(app.db, scan, request.body, request.user!.kind === 'user' ? request.user!.id : null));
    },
  );

  app.get(
    '/verdict-reports/',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The review queue of verdict reports (operators)',
        querystring: verdictReportQuerySchema,
        response: { 200: verdictReportListSchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request.user!, operatorEmails);
      return { results: await reviewQueue(app.db, request.query.status) };
    },
  );

  app.get(
    '/verdict-reports/reviewer/',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Whether the caller is an operator who reviews verdict reports',
        response: { 200: verdictReviewerSchema, ...errors },
      },
    },
    async (request) => ({ operator: isOperator(request.user!, operatorEmails) }),
  );

  app.post(
    '/verdict-reports/:uid/decision/',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Accept or reject a verdict report (operators); accepting corrects the feeds',
        params: uidParamsSchema,
        body: verdictReportDecisionSchema,
        response: { 200: verdictReportSchema, ...errors },
      },
    },
    async (request) => {
      const reviewer = requireOperator(request.user!, operatorEmails);
      return decideReport(app.db, corrections, request.params.uid, request.body.decision, reviewer);
    },
  );
};
