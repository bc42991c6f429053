import { z } from 'zod';
import { riskLevelSchema } from './check-result.ts';
import { pageOf, scanSummarySchema } from './scan.ts';

export const SEARCH_QUERY_MAX = 500;
/** Most terms (fields and words) one search may hold. */
export const SEARCH_MAX_TERMS = 10;
/** Shortest word looked for in URLs: the trigram index finds nothing shorter without reading every row. */
export const SEARCH_WORD_MIN = 3;
// Control characters (NUL included) and lone surrogates are no text anyone searches for.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSEARCHABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Surrogate}/u;

/** `GET /search/?q=`: free text and `field:value` terms, all of which must match; see the OpenAPI description. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Enter something to search for.')
    .max(SEARCH_QUERY_MAX, `Keep the search under ${SEARCH_QUERY_MAX} characters.`)
    .refine((q) => !UNSEARCHABLE.test(q), 'Search for text without control characters.'),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(1000, 'Narrow the search to see results past page 1000.').default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One scan found: the board's row plus what pivots on it. */
export const searchHitSchema = scanSummarySchema.extend({
  level: riskLevelSchema,
  host: z.string(),
  ip: z.string().nullable(),
  asn: z.number().int().nullable(),
  /** The screenshot's thumbnail, absolute; null without a screenshot. */
  thumbnail: z.string().nullable().optional(),
  /** With `similar:`, `structure:` or `favicon:`: how many of the 64 fingerprint bits differ (0 = the same). */
  distance: z.number().int().min(0).max(64).optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A page of hits; `next` and `previous` are absolute links. */
export const searchPageSchema = pageOf(searchHitSchema);
export type SearchPage = z.infer<typeof searchPageSchema>;

/** Past scans of a report's URL and of its host, newest first, with their scores. */
export const scanTimelineSchema = z.object({
  url: z.string(),
  host: z.string(),
  same_url: z.array(searchHitSchema),
  same_host: z.array(searchHitSchema),
});
export type ScanTimeline = z.infer<typeof scanTimelineSchema>;

/** The web app's search page and the report's pivot links. */
export const SEARCH_PATH = '/search';
export const searchLink = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;
/** A `field:value` term, quoted when the value has spaces or quotes. */
export const searchTerm = (field: string, value: string | number) => {
  const text = String(value);
  return /[\s"]/.test(text) ? `${field}:"${text.replaceAll('"', '')}"` : `${field}:${text}`;
};
