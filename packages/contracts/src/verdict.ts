import { z } from 'zod';
import { riskLevelSchema, riskScoreSchema } from './check-result.ts';

/** One reason behind a verdict: a stable code, a sentence for people, and its own score. */
export const verdictReasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  risk_score: riskScoreSchema,
});
export type VerdictReason = z.infer<typeof verdictReasonSchema>;

/**
 * The fast URL verdict: answered from URL-only signals (lexical, typosquatting, brand tokens,
 * reputation, allowlist) without fetching the page. `classification` lists class names such as
 * Phishing or Typosquatting; an empty list means nothing was found.
 */
export const verdictSchema = z.object({
  url: z.string(),
  /**
   * What the verdict judged: the address alone (the page was not fetched), unlike a scan. Readers
   * must not take it for a scan's score; a full scan of the same URL can rate it very differently.
   */
  basis: z.literal('address'),
  /** Set on link shorteners: the address hides its destination, which only expanding it shows. */
  unknown_until_expanded: z.boolean().optional(),
  risk_score: riskScoreSchema,
  risk_level: riskLevelSchema,
  classification: z.array(z.string()),
  reasons: z.array(verdictReasonSchema),
});
export type Verdict = z.infer<typeof verdictSchema>;

/** A batch entry that could not be judged because it is not a URL or domain. */
export const verdictErrorSchema = z.object({ url: z.string(), error: z.string() });
export type VerdictError = z.infer<typeof verdictErrorSchema>;

export const LOOKUP_BATCH_MAX = 1000;
/** Longest URL the lookup accepts; longer ones are refused rather than judged. */
export const LOOKUP_URL_MAX_LENGTH = 4096;

export const lookupQuerySchema = z.object({ url: z.string().max(LOOKUP_URL_MAX_LENGTH) });

export const lookupBatchRequestSchema = z.object({
  urls: z
    .array(z.string().max(LOOKUP_URL_MAX_LENGTH))
    .min(1, 'Please send at least one URL.')
    .max(LOOKUP_BATCH_MAX, `Please send at most ${LOOKUP_BATCH_MAX} URLs.`),
});

export const lookupBatchResponseSchema = z.object({ results: z.array(z.union([verdictSchema, verdictErrorSchema])) });
