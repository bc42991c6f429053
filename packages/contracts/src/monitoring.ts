import { z } from 'zod';
import { hasNoCredentials, URL_CREDENTIALS_MESSAGE } from './webhook-url.ts';
import { isRiskyOrWorse } from './risk-bands.ts';
import { pageOf } from './scan.ts';

/**
 * Domain monitoring (issue 19): watched domains, the look-alikes found for them and the alerts
 * they raise. `domain` is a registrable domain as the user types it (`example.com`, `bücher.de`).
 */

/** SPEC §1 lifecycle of a look-alike: it resolves, then it is parked, live or suspicious, or gone again. */
export const LOOKALIKE_STATUSES = ['registered', 'parked', 'live', 'suspicious', 'gone'] as const;
export const lookalikeStatusSchema = z.enum(LOOKALIKE_STATUSES);
export type LookalikeStatus = z.infer<typeof lookalikeStatusSchema>;

/**
 * A look-alike judged malicious, for which a takedown pack may be prepared: a scan found it
 * suspicious, or rated its page Risky or worse. The server refuses a pack otherwise; the page offers one only then.
 */
export function isTakedownWorthy(lookalike: { status: LookalikeStatus; risk_score: number | null }): boolean {
  return lookalike.status === 'suspicious' || isRiskyOrWorse(lookalike.risk_score ?? 0);
}

/** When alerts go out: after every run, or gathered into an hourly or daily digest. */
export const ALERT_MODES = ['live', 'hourly', 'daily'] as const;
export const alertModeSchema = z.enum(ALERT_MODES);
export type AlertMode = z.infer<typeof alertModeSchema>;

export const MONITOR_CHECK_INTERVALS = ['daily', 'hourly'] as const;
export const monitorCheckIntervalSchema = z.enum(MONITOR_CHECK_INTERVALS);
export type MonitorCheckInterval = z.infer<typeof monitorCheckIntervalSchema>;

const keywordsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{2,20}$/, 'Keywords are 2 to 20 letters or digits.'),
  )
  .max(10, 'At most 10 keywords.');

export const monitorInputSchema = z.object({
  domain: z.string().trim().min(1, 'Enter a domain to watch.').max(253),
  keywords: keywordsSchema.default([]),
  alert_email: z.email('Enter a valid e-mail address.').nullish(),
  webhook_url: z.url('Enter a valid webhook URL.').max(2000).refine(hasNoCredentials, URL_CREDENTIALS_MESSAGE).nullish(),
  alert_mode: alertModeSchema.default('live'),
});
export type MonitorInput = z.infer<typeof monitorInputSchema>;

export const monitorPatchSchema = z
  .object({
    keywords: keywordsSchema,
    alert_email: z.email('Enter a valid e-mail address.').nullable(),
    webhook_url: z.url('Enter a valid webhook URL.').max(2000).refine(hasNoCredentials, URL_CREDENTIALS_MESSAGE).nullable(),
    alert_mode: alertModeSchema,
    paused: z.boolean(),
  })
  .partial();
export type MonitorPatch = z.infer<typeof monitorPatchSchema>;

export const MONITOR_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The latest run of a monitor, with how far it got (names checked of names to check). */
export const monitorRunSchema = z.object({
  uid: z.string(),
  status: z.enum(MONITOR_RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  names_total: z.number().int().nullable(),
  names_checked: z.number().int(),
  found: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type MonitorRun = z.infer<typeof monitorRunSchema>;

export const monitorSchema = z.object({
  uid: z.string(),
  domain: z.string(),
  keywords: z.array(z.string()),
  alert_email: z.string().nullable(),
  /** False while `alert_email` waits for its owner to confirm it from a mailed link: its alerts are held. */
  alert_email_confirmed: z.boolean(),
  webhook_url: z.string().nullable(),
  alert_mode: alertModeSchema,
  paused: z.boolean(),
  check_interval: monitorCheckIntervalSchema,
  /** Shown once, at creation: the secret webhooks are signed with (see docs/webhooks.md). */
  webhook_secret: z.string().optional(),
  created_at: z.string(),
  next_run_at: z.string().nullable(),
  lookalikes_count: z.number().int(),
  last_run: monitorRunSchema.nullable(),
});
export type Monitor = z.infer<typeof monitorSchema>;

export const monitorListSchema = z.array(monitorSchema);

/** `GET /monitors/quota/`: watched domains against the plan's allowance, and how often the plan checks them. */
export const monitorQuotaSchema = z.object({ used: z.number().int(), limit: z.number().int(), check_interval: monitorCheckIntervalSchema });
export type MonitorQuota = z.infer<typeof monitorQuotaSchema>;

export const lookalikeDnsRecordsSchema = z.object({
  a: z.array(z.string()),
  aaaa: z.array(z.string()),
  mx: z.array(z.string()),
  ns: z.array(z.string()),
});
export type LookalikeDnsRecords = z.infer<typeof lookalikeDnsRecordsSchema>;

export const lookalikeTransitionSchema = z.object({ status: lookalikeStatusSchema, at: z.string() });

/** The brand's own pages a monitor compares look-alikes with: its login page, its home page. */
export const BRAND_PAGE_KINDS = ['login', 'home', 'other'] as const;
export const brandPageKindSchema = z.enum(BRAND_PAGE_KINDS);
export type BrandPageKind = z.infer<typeof brandPageKindSchema>;

export const brandPageInputSchema = z.object({
  url: z.url('Enter the address of one of your own pages.').max(2000),
  kind: brandPageKindSchema.default('login'),
});
export type BrandPageInput = z.infer<typeof brandPageInputSchema>;

export const brandPageSchema = z.object({
  uid: z.string(),
  url: z.string(),
  kind: brandPageKindSchema,
  /** False until the page's scan ended and its fingerprints were kept. */
  ready: z.boolean(),
  scan_uid: z.string(),
  screenshot_link: z.string().nullable(),
  created_at: z.string(),
});
export type BrandPage = z.infer<typeof brandPageSchema>;
export const brandPageListSchema = z.array(brandPageSchema);

/** A look-alike whose page copies one of the brand's registered pages, and how closely (bits of 64 that differ). */
export const pageCopySchema = z.object({
  brand_page: z.string(),
  kind: brandPageKindSchema,
  /** What matched: the screenshot, its top fold, or the page's structure. */
  basis: z.enum(['screenshot', 'top_fold', 'structure']),
  distance: z.number().int().min(0).max(64),
  /** The finding in words, e.g. "Copies your login page (visual distance 4/64)". */
  message: z.string(),
});
export type PageCopy = z.infer<typeof pageCopySchema>;

export const lookalikeSchema = z.object({
  domain: z.string(),
  /** The family that found it (`omission`, `tld-swap`, …), or `ct-log` / `nrd-feed` for discovery. */
  fuzzer: z.string(),
  status: lookalikeStatusSchema,
  first_seen: z.string(),
  last_checked: z.string(),
  dns: lookalikeDnsRecordsSchema,
  registered_at: z.string().nullable(),
  risk_score: z.number().int().min(0).max(100).nullable(),
  scan_uid: z.string().nullable(),
  screenshot_link: z.string().nullable(),
  similarity: z.object({ html: z.number().nullable(), visual: z.number().nullable() }),
  /** The brand page this look-alike copies, when it copies one. */
  copies: pageCopySchema.nullable(),
  history: z.array(lookalikeTransitionSchema),
});
export type Lookalike = z.infer<typeof lookalikeSchema>;

export const lookalikeQuerySchema = z.object({
  status: lookalikeStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const lookalikePageSchema = pageOf(lookalikeSchema);
export type LookalikePage = z.infer<typeof lookalikePageSchema>;

/** One attempt to hand an alert to its channel: the per-monitor delivery log. */
export const alertDeliverySchema = z.object({
  channel: z.enum(['email', 'webhook']),
  target: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  events: z.number().int(),
  last_error: z.string().nullable(),
  response_status: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = z.array(alertDeliverySchema);

/** The body of a monitoring webhook (signed as docs/webhooks.md explains). */
export const monitorAlertPayloadSchema = z.object({
  type: z.literal('monitor.alert'),
  monitor: z.object({ uid: z.string(), domain: z.string() }),
  events: z.array(
    z.object({
      domain: z.string(),
      kind: z.enum(['new', 'transition']),
      status: lookalikeStatusSchema,
      previous_status: lookalikeStatusSchema.nullable(),
      risk_score: z.number().nullable(),
      scan_uid: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type MonitorAlertPayload = z.infer<typeof monitorAlertPayloadSchema>;
