import { z } from 'zod';
import { searchHitSchema, searchQuerySchema } from './search.ts';
import { hasNoCredentials, URL_CREDENTIALS_MESSAGE } from './webhook-url.ts';

/** `POST /saved-searches/`: a search to run against every scan as it finishes, and where to say so. */
export const savedSearchInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the saved search.').max(100, 'Keep the name under 100 characters.'),
  q: searchQuerySchema.shape.q,
  notify: z
    .object({
      email: z.boolean().default(false),
      webhook_url: z.url('Enter a valid webhook URL.').max(2000).refine(hasNoCredentials, URL_CREDENTIALS_MESSAGE).nullish(),
    })
    .default({ email: false }),
});
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

export const savedSearchSchema = z.object({
  uid: z.string(),
  name: z.string(),
  q: z.string(),
  notify: z.object({ email: z.boolean(), webhook_url: z.string().nullable() }),
  created_at: z.string(),
  last_viewed_at: z.string().nullable(),
  /** Scans matched since the owner last opened the matches ("new since you last looked"). */
  new_matches: z.number().int().min(0),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({
  /** How many saved searches the plan allows, and how many are in use. */
  limit: z.number().int().min(0),
  used: z.number().int().min(0),
  results: z.array(savedSearchSchema),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** One scan that matched, newest first; `new` when it matched after the previous look. */
export const savedSearchMatchSchema = z.object({
  scan: searchHitSchema,
  matched_at: z.string(),
  new: z.boolean(),
});
export const savedSearchMatchesSchema = z.object({
  saved_search: savedSearchSchema,
  results: z.array(savedSearchMatchSchema),
});
export type SavedSearchMatches = z.infer<typeof savedSearchMatchesSchema>;

/** The Standard Webhooks body (and the e-mail's content) of one saved search matching one scan. */
export const savedSearchAlertPayloadSchema = z.object({
  type: z.literal('saved_search.match'),
  saved_search: z.object({ uid: z.string(), name: z.string(), q: z.string() }),
  scan: searchHitSchema.extend({ report_url: z.string() }),
  matched_at: z.string(),
});
export type SavedSearchAlertPayload = z.infer<typeof savedSearchAlertPayloadSchema>;
