import { z } from 'zod';
import { checkResultSchema } from './check-result.ts';
import { checkUrlQuerySchema, scanProfileSchema, scanSummarySchema, scanVisibilitySchema } from './scan.ts';
import { viewerRequestsSchema } from './viewers.ts';
import { hasNoCredentials, URL_CREDENTIALS_MESSAGE } from './webhook-url.ts';

/** Where a scan is: queued, being scanned, finished with a result, given up after its retries, or stopped by its owner. */
export const SCAN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const scanStatusSchema = z.enum(SCAN_STATUSES);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

/** A scan that will not change any more. */
export const scanEnded = (status: ScanStatus) => status === 'done' || status === 'failed' || status === 'cancelled';

/**
 * What an unfinished scan is doing (issue 37): waiting for a worker, fetching the page (and its
 * address, over http when https fails), rendering it in a browser, or judging what was found.
 */
export const SCAN_STAGES = ['queued', 'fetching', 'rendering', 'judging'] as const;
export const scanStageSchema = z.enum(SCAN_STAGES);
export type ScanStage = z.infer<typeof scanStageSchema>;
/** The stages a running scan moves through, as the scanner announces them. */
export type ScanRunStage = Exclude<ScanStage, 'queued'>;

/** The stages in a person's words, in order. */
export const SCAN_STAGE_LABELS: Record<ScanStage, string> = {
  queued: 'Queued',
  fetching: 'Fetching the page',
  rendering: 'Rendering it in a browser',
  judging: 'Judging what was found',
};

export const SCAN_CANCELLED = 'The scan was cancelled.';
export const SCAN_ALREADY_ENDED = 'The scan has already ended.';
export const CANCEL_NOT_OWNER = 'Only whoever asked for a scan can cancel it.';

/** `POST /scans/` takes the check-url options as a JSON body (asynchronous API use, DESIGN §5). */
export const scanRequestSchema = checkUrlQuerySchema.omit({ new: true, freescan_uid: true }).extend({
  new: z.boolean().default(false),
  /** Where to POST the signed report when the scan ends (http or https, public addresses only). */
  callback_url: z
    .string()
    .max(2048)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Enter a valid http or https URL.')
    .refine(hasNoCredentials, URL_CREDENTIALS_MESSAGE)
    .optional(),
  /** Submit and wait: answer with the report if the scan ends within `SCAN_WAIT_MAX_SECONDS`. */
  wait: z.boolean().default(false),
  /** Open the page also as these viewers and compare what each was shown; each counts as a scan of the quota. */
  viewers: viewerRequestsSchema.optional(),
});

export const SCAN_WAIT_MAX_SECONDS = 60;
export const SCAN_BATCH_MAX = 100;

/** `POST /scans/batch/`: up to 100 URLs with the same options, one scan (and one quota unit) each. */
export const scanBatchRequestSchema = scanRequestSchema.omit({ url: true, wait: true }).extend({
  urls: z
    .array(z.string().max(4096))
    .min(1, 'Please send at least one URL.')
    .max(SCAN_BATCH_MAX, `Please send at most ${SCAN_BATCH_MAX} URLs.`),
});

/** `202` of `POST /scans/`, and `GET /scans/{uid}/` with `data` once the scan is done. */
export const scanJobSchema = z.object({
  uid: z.string(),
  status: scanStatusSchema,
  /** While the scan is unfinished, the stage it is in; null once it ended (absent from older servers). */
  stage: scanStageSchema.nullable().optional(),
  data: checkResultSchema.nullable(),
});
export type ScanJob = z.infer<typeof scanJobSchema>;

/** What a scan was asked for, kept with it (history detail). */
export const scanRequestOptionsSchema = z.object({
  private: z.boolean(),
  /** Absent on scans stored before there were three visibilities: `private` says it. */
  visibility: scanVisibilitySchema.optional(),
  fastCheck: z.boolean(),
  dns_checks: z.boolean(),
  ip_checks: z.boolean(),
  page_checks: z.boolean(),
  webtech_check: z.boolean(),
  proxy: z.string().nullable(),
  user_agent: z.string().nullable(),
  scan_profile: z.string().nullable(),
  /** The other viewers asked for, when any. */
  viewers: viewerRequestsSchema.optional(),
});
export type ScanRequestOptions = z.infer<typeof scanRequestOptionsSchema>;

export const scanHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  user: z.string().max(64).optional(),
  /** API users page through all their scans in fewer calls; the web app keeps SPEC §9's 10. */
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
});

/** `GET /scan-history/{uid}/`: the row of the list plus the options and the full result. */
export const scanHistoryDetailSchema = scanSummarySchema.extend({
  status: scanStatusSchema,
  options: scanRequestOptionsSchema,
  data: checkResultSchema.nullable(),
});

/** The profile write payload is the entity without its uid (DESIGN §5). */
export const scanProfileInputSchema = scanProfileSchema.omit({ uid: true });
export type ScanProfileInput = z.infer<typeof scanProfileInputSchema>;
export const scanProfilePatchSchema = scanProfileInputSchema.partial();

/** `har`: the page's requests as an HTTP Archive 1.2 log; `dom`: the page's HTML as the checks read it (the rendered DOM). */
export const EXPORT_FORMATS = ['json', 'csv', 'har', 'dom'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });

/** An API key as listed; the key itself appears once, in the answer to its creation. */
export const apiKeySchema = z.object({
  uid: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof apiKeyCreatedSchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** One entry per URL of a batch, in order: its scan, or why it was not queued. */
export const scanBatchResponseSchema = z.object({
  scans: z.array(
    z.union([z.object({ url: z.string(), uid: z.string(), status: scanStatusSchema }), z.object({ url: z.string(), error: z.string() })]),
  ),
});
export type ScanBatchResponse = z.infer<typeof scanBatchResponseSchema>;

/** `GET /scans/unfinished/`: the caller's own scans still queued or running, newest first, with their stage. */
export const unfinishedScanSchema = z.object({
  uid: z.string(),
  url: z.string(),
  status: scanStatusSchema,
  stage: scanStageSchema,
  created_at: z.string(),
});
export type UnfinishedScan = z.infer<typeof unfinishedScanSchema>;
export const unfinishedScansSchema = z.array(unfinishedScanSchema);
