import {
  LOOKUP_BATCH_MAX,
  LOOKUP_URL_MAX_LENGTH,
  lookupBatchRequestSchema,
  lookupBatchResponseSchema,
  lookupQuerySchema,
  verdictSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors.ts';
import type { JudgeFor } from './account-judge.ts';

// A full batch of the longest URLs, JSON-quoted, with room to spare.
const BATCH_BODY_LIMIT = LOOKUP_BATCH_MAX * (LOOKUP_URL_MAX_LENGTH + 16) + 1024;

/**
 * `GET /lookup/?url=` and `POST /lookup/ {urls}` (up to 1,000): URL-only verdicts for SOC and SIEM
 * enrichment, answered from memory without fetching anything. Signed-in users and API keys
 * (scope `scan`) only; Google Safe Browsing is asked only for plans with `external_reputation`.
 */
export const lookupRoutes: FastifyPluginAsyncZod<{ batchRateLimitMax: number; judgeFor: JudgeFor }> = async (
  app,
  { batchRateLimitMax, judgeFor },
) => {
  app.get(
    '/lookup/',
    {
      preHandler: app.requireScope('scan'),
      schema: {
        summary: 'Fast verdict on one URL or domain',
        description:
          'Judges the address alone (`basis: "address"`): lexical signals, look-alikes, brand names and reputation, without fetching the page. It is no scan: a full scan of the same URL, which loads the page, can rate it very differently.',
        querystring: lookupQuerySchema,
        response: { 200: verdictSchema },
      },
    },
    async (request) => {
      const [verdict] = await (await judgeFor(request.user!.id))([request.query.url]);
      if (!verdict || 'error' in verdict) throw new HttpError(400, { url: [verdict?.error ?? 'Please enter a valid URL.'] });
      return verdict;
    },
  );

  app.post(
    '/lookup/',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      preHandler: app.requireScope('scan'),
      // The verdicts come from our own engine, typed by the same contract; re-validating a
      // thousand of them per response would cost more than judging them.
      serializerCompiler: () => (data) => JSON.stringify(data),
      config: { rateLimit: { max: batchRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        summary: `Fast verdicts on up to ${LOOKUP_BATCH_MAX} URLs or domains`,
        description: 'Each verdict judges the address alone (`basis: "address"`), like `GET /lookup/`; none is a scan.',
        body: lookupBatchRequestSchema,
        response: { 200: lookupBatchResponseSchema },
      },
    },
    async (request) => ({ results: await (await judgeFor(request.user!.id))(request.body.urls) }),
  );
};
