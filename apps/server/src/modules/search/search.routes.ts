import {
  detailErrorSchema,
  badRequestSchema,
  scanTimelineSchema,
  searchPageSchema,
  SEARCH_MAX_TERMS,
  SEARCH_WORD_MIN,
  searchQuerySchema,
  uidParamsSchema,
} from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientSlots } from '../../client-slots.ts';
import type { FastifyRequest } from 'fastify';
import type { SearchHit } from '@riskscan/contracts';
import { MAX_DISTANCE } from './search-likeness.ts';
import { scanTimeline, SEARCH_PAGE_SIZE, searchScans } from './search-service.ts';

/** Thumbnails are stored as this server's paths: the caller gets them on the address it used. */
function withOwnLinks(request: FastifyRequest) {
  const origin = `${request.protocol}://${request.host}`;
  return (hit: SearchHit): SearchHit =>
    hit.thumbnail && !URL.canParse(hit.thumbnail) ? { ...hit, thumbnail: new URL(hit.thumbnail, origin).href } : hit;
}

const SEARCH_DESCRIPTION = `Finds your own scans and public scans, newest first, ${SEARCH_PAGE_SIZE} a page. Every part of \`q\` must match:

- \`domain:example.com\`: the page or any request touched this host (or a host under this registrable domain)
- \`ip:192.0.2.7\`: the page or any request was served from this address
- \`asn:13335\` or \`asn:AS13335\`: the page or any request came from this autonomous system
- \`hash:…\`: the page's HTML SHA-256, the screenshot's perceptual hash or a download's SHA-256
- \`brand:paypal\`: the page's title names this brand
- \`level:danger\`: the risk level (several \`level:\` terms: any of them)
- \`date:2026-11-01\`, \`date:>2026-11-01\`, \`date:<=2026-11-30\`, \`date:2026-11-01..2026-11-30\`, \`from:2026-11-01\`, \`to:2026-11-30\`: when the scan finished (UTC days)
- \`similar:<scan uid>\`: scans whose screenshot looks like that scan's (perceptual hash at most ${MAX_DISTANCE.screenshot} of 64 bits apart), closest first
- \`structure:<scan uid>\`: scans whose page is built like that scan's (SimHash of the tags, classes and form fields, texts removed, at most ${MAX_DISTANCE.structure} bits apart), closest first
- \`favicon:<hash>\`: scans whose favicon's difference hash (16 hex digits, \`capture.favicon_hash\` of a report) is at most ${MAX_DISTANCE.favicon} bits from this one, closest first
- other words (or \`"quoted words"\`): found in the URL, ${SEARCH_WORD_MIN} characters or more

With \`similar:\`, \`structure:\` or \`favicon:\` (one a search) each hit carries its \`distance\` in bits.

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
        summary: 'Search scans by domain, IP, AS, hash, brand, level, date, URL text, or look-alike pages',
        description: SEARCH_DESCRIPTION,
        querystring: searchQuerySchema,
        response: { 200: searchPageSchema, 400: badRequestSchema },
      },
    },
    async (request) => {
      const base = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
      const link = (page: number) => `${base}?${new URLSearchParams({ q: request.query.q, page: String(page) }).toString()}`;
      const release = searching.enter(request.user?.id ?? request.ip);
      try {
        const page = await searchScans(app.db, request.user ?? null, request.query, link);
        return { ...page, results: page.results.map(withOwnLinks(request)) };
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
    async (request) => {
      const timeline = await scanTimeline(app.db, request.params.uid, request.user ?? null);
      const ownLinks = withOwnLinks(request);
      return { ...timeline, same_url: timeline.same_url.map(ownLinks), same_host: timeline.same_host.map(ownLinks) };
    },
  );
};
