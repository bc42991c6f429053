import { z } from 'zod';

/**
 * What the browser stage did for a scan (issue 4). `status` says how far it got: `complete`, `partial`
 * (something was collected before a cap or a crash), `failed` (nothing usable), `unavailable` (no
 * Chromium on this server) or `skipped` (quick scan, or the static fetch already failed).
 */
export const captureStatusSchema = z.enum(['complete', 'partial', 'failed', 'unavailable', 'skipped']);
export type CaptureStatus = z.infer<typeof captureStatusSchema>;

export const capturedRequestSchema = z.object({
  url: z.string(),
  method: z.string(),
  status: z.number().nullable(),
  resource_type: z.string(),
  remote_ip: z.string().nullable(),
  bytes: z.number(),
  /** Refused by the egress guard (or failed before an answer). */
  blocked: z.boolean(),
  /** Where `remote_ip` is registered and the AS announcing it (bundled tables); absent on older scans. */
  country_code: z.string().nullable().optional(),
  asn: z.number().int().nullable().optional(),
  as_name: z.string().nullable().optional(),
});

export const capturedRedirectSchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(['http', 'client']),
  status: z.number().nullable(),
});

export const capturedCookieSchema = z.object({
  name: z.string(),
  domain: z.string(),
  path: z.string(),
  expires: z.number(),
  http_only: z.boolean(),
  secure: z.boolean(),
  same_site: z.string(),
});

export const capturedDownloadSchema = z.object({
  url: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  sha256: z.string().nullable(),
  /** The file was larger than the cap and was cut off: size and hash cover the part read. */
  truncated: z.boolean(),
});

export const captureSchema = z.object({
  status: captureStatusSchema,
  /** One sentence for people: what happened, e.g. why there is no screenshot. */
  message: z.string(),
  screenshot: z.string().nullable(),
  /** Perceptual hash of the screenshot (dnstwist's 8x8 mean hash, 16 hex digits), for finding pages that look alike; absent on older scans. */
  screenshot_phash: z.string().nullable().optional(),
  /** DCT perceptual hash of the screenshot (16 hex digits), for `similar:` searches; null for a blank page; absent on older scans. */
  screenshot_hash: z.string().nullable().optional(),
  /** The same hash of the screenshot's upper third (the top fold: header, logo, first fields); absent on older scans. */
  top_fold_hash: z.string().nullable().optional(),
  /** Difference hash of the favicon's image (16 hex digits), for `favicon:` searches; absent on older scans. */
  favicon_hash: z.string().nullable().optional(),
  /** SimHash of the DOM's tag, class and form structure with texts and addresses removed (16 hex digits); absent on older scans. */
  dom_simhash: z.string().nullable().optional(),
  thumbnail: z.string().nullable(),
  final_url: z.string().nullable(),
  title: z.string().nullable(),
  favicon: z.string().nullable(),
  redirects: z.array(capturedRedirectSchema),
  requests: z.array(capturedRequestSchema),
  console_errors: z.array(z.string()),
  cookies: z.array(capturedCookieSchema),
  downloads: z.array(capturedDownloadSchema),
  dialogs: z.number(),
  popups: z.array(z.string()),
  duration_ms: z.number(),
});
export type Capture = z.infer<typeof captureSchema>;
export type CapturedRequest = z.infer<typeof capturedRequestSchema>;
export type CapturedRedirect = z.infer<typeof capturedRedirectSchema>;
export type CapturedDownload = z.infer<typeof capturedDownloadSchema>;
