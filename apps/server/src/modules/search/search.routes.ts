import {
  detailErrorSchema,
  fieldErrorsSchema,
  scanTimelineSchema,
  searchPageSchema,
  SEARCH_MAX_TERMS,
  SEARCH_WORD_MIN,
  searchQuerySchema,
  uidParamsSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientSlots } from '../../client-slots.ts';
import { scanTimeline, SEARCH_PAGE_SIZE, searchScans } from './search-service.ts';

const SEARCH_DESCRIPTION = `Finds your own scans and public scans, newest first, ${SEARCH_PAGE_SIZE} a page. Every part of \`q\` must match:

- \`domain:example.com\`: the page or any request touched this host (or a host under this registrable domain)
- \`ip:192.0.2.7\`: the page or any request was served from this address
- \`asn:13335\` or \`asn:AS13335\`: the page or any request came from this autonomous system
- \`hash:…\`: the page's HTML SHA-256, the screenshot's perceptual hash or a download's SHA-256
- \`brand:paypal\`: the page's title names this brand
- \`level:danger\`: the risk level (several \`level:\` terms: any of them)
- \`date:2026-11-01\`, \`date:>2026-11-01\`, \`date:<=2026-11-30\`, \`date:2026-11-01..2026-11-30\`, \`from:2026-11-01\`, \`to:2026-11-30\`: when the scan finished (UTC days)
- other words (or \`"quoted words"\`): found in the URL, ${SEARCH_WORD_MIN} characters or more

At most ${SEARCH_MAX_TERMS} terms in one search. Unlisted and private scans are found only by their owner. \`next\` and \`previous\` are absolute links.`;

// Searches one client (account or address) may have running at once.
const SEARCHES_PER_CLIENT = 2;

/** `GET /search/` and the report's history, over the search module's own index. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const searching = new ClientSlots(
    SEARCHES_PER_CLIENT,
    `At most ${SEARCHES_PER_CLIENT} searches of one client run at once; try again in a moment.`,
  );
  app.get(
    '/search/',
    {
      preHandler: app.optionalAuth,
      schema: {
        summary: 'Search scans by domain, IP, AS, hash, brand, level, date or URL text',
        description: SEARCH_DESCRIPTION,
        querystring: searchQuerySchema,
        response: { 200: searchPageSchema, 400: fieldErrorsSchema },
      },
    },
    async (request) => {
      const base = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
      const link = (page: number) => `${base}?${new URLSearchParams({ q: request.query.q, page: String(page) }).toString()}`;
      const release = searching.enter(request.user?.id ?? request.ip);
      try {
        return await searchScans(app.db, request.user ?? null, request.query, link);
      } finally {
        release();
      }
    },
  );

  app.get(
    '/search/history/:uid/',
    {
      preHandler: app.optionalAuth,
      schema: {
        summary: "Past scans of a report's URL and of its host, with their scores",
        params: uidParamsSchema,
        response: { 200: scanTimelineSchema, 404: detailErrorSchema },
      },
    },
    async (request) => scanTimeline(app.db, request.params.uid, request.user ?? null),
  );
};
