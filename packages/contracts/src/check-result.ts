import { z } from 'zod';
import { captureSchema } from './capture.ts';
import { viewersResultSchema } from './viewers.ts';

/** Risk levels by overall score (DESIGN §6): 0-19 Secure … 80-100 Danger. */
export const RISK_LEVELS = ['Secure', 'Good', 'Normal', 'Risky', 'Danger'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const riskScoreSchema = z.number().int().min(0).max(100);

/**
 * One finding of a check (SPEC §3 Detail). `name` is a stable code, `title` the check's name,
 * `background_info` what the check looks at, `message` what it found here, `explanation` why
 * that matters.
 */
export const checkDetailSchema = z.object({
  name: z.string(),
  title: z.string(),
  message: z.string(),
  background_info: z.string(),
  explanation: z.string(),
  risk_score: riskScoreSchema,
  is_active: z.boolean(),
  /** True when the check could not look (e.g. no page answered): its 0 means "not run", not "clean". */
  not_run: z.boolean().optional(),
  /** Which side of the one verdict the finding comes from: the address, the domain behind it, or the page. */
  side: z.enum(['url', 'domain', 'page']).optional(),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

/** One check category with its score and details (SPEC §3 Category). */
export const checkCategorySchema = z.object({
  category: z.string(),
  risk_score: riskScoreSchema,
  details: z.array(checkDetailSchema),
});
export type CheckCategory = z.infer<typeof checkCategorySchema>;

export const classificationSchema = z.object({ name: z.string(), description: z.string() });
export type Classification = z.infer<typeof classificationSchema>;

/** `{title, result}` groups of the extended checks (SPEC §3). */
const titled = <T extends z.ZodType>(result: T) => z.object({ title: z.string(), result });

export const dnsChecksSchema = z.object({ dns_lookup: titled(z.array(z.string())) });
export const ipChecksSchema = z.object({
  as_lookup: titled(z.string()),
  ip_geo: titled(z.array(z.string())),
  reverse_dns: titled(z.string()),
  reverse_ip_lookup: titled(z.array(z.string())),
});
export const webTechSchema = z.object({
  name: z.string(),
  version: z.string().nullable().optional(),
  categories: z.array(z.string()).optional(),
});
export type WebTech = z.infer<typeof webTechSchema>;

/** Why a URL could not be loaded: its name, the connection, the secure handshake, or the scanner's own egress rules. */
export const UNREACHABLE_REASONS = ['unresolvable', 'refused', 'timeout', 'tls', 'network', 'blocked'] as const;
export const unreachableSchema = z.object({
  reason: z.enum(UNREACHABLE_REASONS),
  /** The URL that failed (the requested one, a redirect target, or the https try of a bare domain). */
  url: z.string(),
  /** What failed, in plain words. */
  message: z.string(),
});
export type Unreachable = z.infer<typeof unreachableSchema>;

/** Where the page's address is registered and the autonomous system announcing it (bundled tables). */
export const hostingSchema = z.object({
  ip: z.string(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  asn: z.number().int().nullable(),
  as_name: z.string().nullable(),
});
export type Hosting = z.infer<typeof hostingSchema>;

/** The final host's TLS certificate as the scan saw it. `ct_first_seen`: first Certificate Transparency entry, when known. */
export const certificateSchema = z.object({
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  issuer_organization: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  subject_alt_names: z.array(z.string()),
  trusted: z.boolean(),
  ct_first_seen: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const geoLocationSchema = z.object({ country_name: z.string(), country_flag: z.string() });
export type GeoLocation = z.infer<typeof geoLocationSchema>;

/**
 * The scan report (SPEC §3 Check result) plus the extra fields DESIGN §6 allows. The optional
 * groups are present only when requested and found.
 */
export const checkResultSchema = z.object({
  uid: z.string().optional(),
  url: z.string(),
  final_url: z.string().optional(),
  redirect_chain: z.array(z.string()).optional(),
  ip: z.string().nullable().optional(),
  scanned_at: z.string().optional(),
  duration_ms: z.number().optional(),
  geo_location: geoLocationSchema,
  screenshot_link: z.string().nullable(),
  overall_risk: riskScoreSchema,
  risk_score_text: z.object({ name: riskLevelSchema }),
  classification: z.array(classificationSchema),
  ai_analysis: z.string().nullable(),
  checks: z.array(checkCategorySchema),
  recently_scanned: z.boolean(),
  /** False when no page answered; absent on results stored before reachability was reported. */
  reachable: z.boolean().optional(),
  /** Why nothing answered, when `reachable` is false. */
  unreachable: unreachableSchema.nullable().optional(),
  /**
   * A bare domain is tried as a browser does: https first, then http. Set when https failed and
   * the scan went on over http (`url` is then the http address); says why https failed.
   */
  https_failed: unreachableSchema.nullable().optional(),
  webtech: z.array(webTechSchema).optional(),
  dns_checks: dnsChecksSchema.optional(),
  ip_checks: ipChecksSchema.optional(),
  page_checks: z.array(z.string()).optional(),
  /** What the browser stage captured, or why it could not (issue 4). */
  capture: captureSchema.optional(),
  /** Host names the page contacted while loading (with `page_checks`). */
  contacted_domains: z.array(z.string()).optional(),
  /** The page's hosting (address, country, AS); null when no address was reached. */
  hosting: hostingSchema.nullable().optional(),
  /** The final host's certificate; null over plain http. */
  certificate: certificateSchema.nullable().optional(),
  /** SHA-256 (hex) of the page's HTML as the checks read it. */
  page_sha256: z.string().nullable().optional(),
  /** When the registrable domain was registered (RDAP, with the DNS checks), when known. */
  domain_created: z.string().nullable().optional(),
  /** The same URL as other viewers saw it (other device or country) and what differed; only when asked for. */
  viewers: viewersResultSchema.optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
