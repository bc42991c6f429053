import { z } from 'zod';
import { checkResultSchema, riskScoreSchema } from './check-result.ts';
import { MAX_SCAN_URL_LENGTH, URL_TOO_LONG_MESSAGE } from './scan-url.ts';
import { viewersParamSchema } from './viewers.ts';

/** Query flags arrive as strings; `true`/`1` mean on. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1')
  .default(false);

/** Who may see a scan: listed on the board and in search, reachable by its permalink only, or its owner only. */
export const SCAN_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const scanVisibilitySchema = z.enum(SCAN_VISIBILITIES);
export type ScanVisibility = z.infer<typeof scanVisibilitySchema>;

/**
 * `GET /check-url/` query (SPEC §7). The web app's toggles map to the four extended checks;
 * `fastCheck` asks for a quick scan (DESIGN §6).
 */
export const checkUrlQuerySchema = z.object({
  url: z.string().max(MAX_SCAN_URL_LENGTH, URL_TOO_LONG_MESSAGE),
  private: flag,
  /** Overrides `private` when given; guests' scans are always public (SPEC §1). */
  visibility: scanVisibilitySchema.optional(),
  new: flag,
  fastCheck: flag,
  dns_checks: flag,
  ip_checks: flag,
  page_checks: flag,
  webtech_check: flag,
  proxy: z.string().max(8).optional(),
  user_agent: z.string().max(64).optional(),
  scan_profile: z.string().max(64).optional(),
  freescan_uid: z.string().max(64).optional(),
  /**
   * The client put `https://` in front of what the user typed (SPEC §5): the scan then tries
   * http too when https fails, as a browser does. A URL sent without a scheme implies it.
   */
  scheme_added: flag,
  /** Open the page also as these viewers (`phone,desktop:DE`) and compare; each counts as a scan of the quota. */
  viewers: viewersParamSchema.optional(),
});
export type CheckUrlQuery = z.infer<typeof checkUrlQuerySchema>;

export const checkUrlResponseSchema = z.object({ status: z.string(), data: checkResultSchema });
export type CheckUrlResponse = z.infer<typeof checkUrlResponseSchema>;

/** The additional checks a scan profile switches (SPEC §3 Scan profile). */
export const ADDITIONAL_CHECK_CODES = ['webtech_check', 'ip_checks', 'dns_checks', 'page_checks'] as const;
export const additionalCheckCodeSchema = z.enum(ADDITIONAL_CHECK_CODES);
export type AdditionalCheckCode = z.infer<typeof additionalCheckCodeSchema>;

export const scanProfileSchema = z.object({
  uid: z.string(),
  name: z.string().min(1).max(100),
  is_default: z.boolean(),
  count_zero_values: z.boolean(),
  checks: z.array(
    z.object({
      category: z.string(),
      details: z.array(z.object({ name: z.string(), title: z.string(), is_active: z.boolean() })),
    }),
  ),
  additional_checks: z.array(z.object({ code: additionalCheckCodeSchema, is_active: z.boolean() })),
});
export type ScanProfile = z.infer<typeof scanProfileSchema>;

/** Scan options for signed-in users (SPEC §3). */
export const countryOptionSchema = z.object({ code: z.string(), name: z.string(), icon: z.string() });
export const userAgentGroupSchema = z.object({
  device: z.string(),
  /** `value` is the raw User-Agent string; `name` the same agent as people read it (browser, version, system, device). */
  items: z.array(z.object({ code: z.string(), value: z.string(), name: z.string() })),
});
export const scanOptionsSchema = z.object({
  proxies: z.array(countryOptionSchema),
  user_agents: z.array(userAgentGroupSchema),
});
export type ScanOptions = z.infer<typeof scanOptionsSchema>;

export const freeScanRequestSchema = z.object({ uid: z.string().min(8).max(64) });
export const freeScanResponseSchema = z.object({ used: z.boolean(), auth_token: z.string().nullable() });
export type FreeScanResponse = z.infer<typeof freeScanResponseSchema>;

/** A row of the public board and of the history (SPEC §3 Scan history item). */
export const scanSummarySchema = z.object({
  uid: z.string(),
  url: z.string(),
  date: z.string(),
  overall_risk_score: riskScoreSchema,
  /** In the owner's history: who may see the scan (the board lists public ones only). */
  visibility: scanVisibilitySchema.optional(),
});
export type ScanSummary = z.infer<typeof scanSummarySchema>;

export const recentScanResponseSchema = z.object({ data: checkResultSchema });

/** Django-REST-style page (DESIGN §5). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

/** The web app's permalink page of a scan: shared by the board, the history, the result and link previews. */
export const SCAN_PERMALINK_PREFIX = '/scan/';
export const scanPermalink = (uid: string) => `${SCAN_PERMALINK_PREFIX}${encodeURIComponent(uid)}`;
