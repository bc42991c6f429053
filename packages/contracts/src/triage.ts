import { z } from 'zod';
import { riskLevelSchema, riskScoreSchema } from './check-result.ts';
import { verdictReasonSchema } from './verdict.ts';

/** Largest raw message `POST /triage/email/` reads. */
export const TRIAGE_EMAIL_MAX_BYTES = 10 * 1024 * 1024;
/** Links whose full scans `scan=true` queues, the riskiest first. */
export const TRIAGE_SCAN_MAX = 5;

/** Where in the message a link was found. */
export const LINK_SOURCES = ['text', 'html', 'qr', 'attachment'] as const;
export const linkSourceSchema = z.enum(LINK_SOURCES);
export type LinkSource = z.infer<typeof linkSourceSchema>;

export const triageQuerySchema = z.object({
  scan: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

const linkVerdictSchema = z.object({
  risk_score: riskScoreSchema,
  risk_level: riskLevelSchema,
  classification: z.array(z.string()),
  reasons: z.array(verdictReasonSchema),
});

/** Which message of the upload: 0 the uploaded one, n the n-th forwarded message in `forwarded`. */
const messageIndexSchema = z.number().int().nonnegative();

/** One link of the message: the URL, where it was found, the text shown for it, and its verdict in context. */
export const triageLinkSchema = z.object({
  url: z.string(),
  message: messageIndexSchema,
  source: linkSourceSchema,
  /** What the reader sees for an HTML link; null for links written out or decoded from images. */
  display_text: z.string().nullable(),
  /** The visible text names another host than the one the link opens. */
  mismatch: z.boolean(),
  /**
   * Links on a known shortener only: where the link leads, found by following its redirects.
   * `verdict` is then the final address's verdict in context; without a `final_url` it stays the
   * short link's own ("unknown until expanded").
   */
  expansion: z
    .object({
      /** The address the redirects end at; null when they could not be followed to the end. */
      final_url: z.string().nullable(),
      /** Redirects followed. */
      hops: z.number().int().nonnegative(),
      /** Why the expansion stopped short (refused by the egress guard, timed out, too many redirects); null when it finished. */
      error: z.string().nullable(),
    })
    .optional(),
  verdict: linkVerdictSchema,
});
export type TriageLink = z.infer<typeof triageLinkSchema>;

/** `spf`, `dkim`, `dmarc`: the receiving server's result (`pass`, `fail`, `softfail`, ...), null when not reported. */
export const mailAuthenticationSchema = z.object({
  spf: z.string().nullable(),
  dkim: z.string().nullable(),
  dmarc: z.string().nullable(),
});
export type MailAuthentication = z.infer<typeof mailAuthenticationSchema>;

export const triageAttachmentSchema = z.object({
  message: messageIndexSchema,
  filename: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  /** SHA-256 of the file's bytes as sent, after transfer decoding and nothing else. */
  sha256: z.string(),
  /** Why the file type is dangerous to open (`html-form`, `executable`, ...), null for ordinary files. */
  risky_type: z.string().nullable(),
});
export type TriageAttachment = z.infer<typeof triageAttachmentSchema>;

const messageHeaderSchema = z.object({
  from: z.string().nullable(),
  reply_to: z.string().nullable(),
  return_path: z.string().nullable(),
  subject: z.string().nullable(),
  date: z.string().nullable(),
  authentication: mailAuthenticationSchema,
});

/** How a message came inside another: attached or inline (`attached`), returned by a bounce, or quoted by an abuse (ARF) report. */
export const FORWARD_KINDS = ['attached', 'bounce', 'feedback-report'] as const;

/** A message found inside the upload (a forwarded phish, a bounced original), judged on its own. */
export const forwardedMessageSchema = messageHeaderSchema.extend({
  index: z.number().int().positive(),
  /** 1 for a message inside the upload, 2 for one inside that, ... */
  depth: z.number().int().positive(),
  /** The message it was found in (0: the upload). */
  parent: messageIndexSchema,
  kind: z.enum(FORWARD_KINDS),
  risk_score: riskScoreSchema,
  risk_level: riskLevelSchema,
  reasons: z.array(verdictReasonSchema),
});
export type ForwardedMessage = z.infer<typeof forwardedMessageSchema>;

/** Bounds triage keeps to; a limit reached is named in the answer, so the reader knows what was not read. */
export const TRIAGE_LIMITS = {
  /** Levels of messages inside messages. */
  depth: 5,
  /** MIME parts read across the upload and every message inside it. */
  parts: 500,
  /** Links judged across the upload. */
  links: 1000,
  /** Images searched for QR codes. */
  images: 20,
} as const;
/** `pixels`: an image larger than the QR decoder's pixel bound (the scanner's `QR_LIMITS`) was not decoded. */
export const triageLimitSchema = z.object({
  name: z.enum(['depth', 'parts', 'links', 'images', 'pixels']),
  limit: z.number().int(),
  message: z.string(),
});
export type TriageLimit = z.infer<typeof triageLimitSchema>;

export const triageEmailResponseSchema = z.object({
  message: messageHeaderSchema,
  /** Messages inside the upload; the upload's verdict is at least the worst of theirs. */
  forwarded: z.array(forwardedMessageSchema),
  /** Limits reached while reading; empty when the whole upload was read. */
  limits: z.array(triageLimitSchema),
  urls: z.array(triageLinkSchema),
  attachments: z.array(triageAttachmentSchema),
  risk_score: riskScoreSchema,
  risk_level: riskLevelSchema,
  reasons: z.array(verdictReasonSchema),
  /** With `scan=true`: the full scans queued for the riskiest links. */
  scans: z.array(z.object({ url: z.string(), uid: z.string() })).optional(),
});
export type TriageEmailResponse = z.infer<typeof triageEmailResponseSchema>;

/**
 * Which knowledge flagged a visit: the URL verdict, a reputation feed, one of our own full scans
 * that found Danger, or a look-alike of a domain the account watches (domain monitoring).
 */
export const HUNT_SOURCES = ['url-verdict', 'reputation', 'full-scan', 'monitoring'] as const;
export const huntSourceSchema = z.enum(HUNT_SOURCES);
export type HuntSource = z.infer<typeof huntSourceSchema>;

/** One flagged visit of a proxy-log retro-hunt. */
export const flaggedVisitSchema = z.object({
  time: z.string().nullable(),
  client: z.string().nullable(),
  method: z.string().nullable(),
  url: z.string(),
  host: z.string(),
  risk_score: riskScoreSchema,
  risk_level: riskLevelSchema,
  reasons: z.array(verdictReasonSchema),
  /** What flagged it, strongest knowledge first. */
  sources: z.array(huntSourceSchema),
});
export type FlaggedVisit = z.infer<typeof flaggedVisitSchema>;

/**
 * Proxy-log formats: `auto` (the default) detects the format from the first lines. `squid` is
 * Squid's native access.log; `combined` the Apache/nginx/Squid combined format, with or without a
 * leading virtual host; `zeek` Zeek's http.log (TSV with `#fields`); `elff` Blue Coat / Symantec
 * and W3C extended logs (`#Fields:`); `zscaler` Zscaler NSS feeds as CSV or key=value; `cef`
 * ArcSight CEF; `jsonl` JSON lines (ECS, Zeek JSON, Zscaler JSON and others, see `fields`);
 * `template` a Squid `logformat` (or Apache `LogFormat`) the caller gives in `template`. Lines
 * forwarded over syslog are read in every format, their syslog header skipped.
 */
export const LOG_FORMATS = ['auto', 'squid', 'combined', 'zeek', 'elff', 'zscaler', 'cef', 'jsonl', 'template'] as const;
export const logFormatSchema = z.enum(LOG_FORMATS);
export type LogFormat = z.infer<typeof logFormatSchema>;
export type ConcreteLogFormat = Exclude<LogFormat, 'auto'>;

/** Largest log `POST /triage/log/` reads (after gunzip it may be larger). */
export const TRIAGE_LOG_MAX_BYTES = 1024 * 1024 * 1024;

export const triageLogQuerySchema = z.object({
  format: logFormatSchema.default('auto'),
  /** JSON lines only: `url=request.url,client=src`, where each field of a visit is. */
  fields: z.string().max(500).optional(),
  /**
   * The log's own layout as a Squid `logformat` (or Apache `LogFormat`) template, e.g.
   * `%ts.%03tu %>a %rm %ru %{Host}>h`; given, the log is read with it (`format` auto or template).
   */
  template: z.string().trim().min(1).max(1000).optional(),
});

/** Why lines were not read as visits. */
export const SKIP_REASONS = ['blank', 'header', 'unreadable', 'no_host'] as const;

export const retroHuntSummarySchema = z.object({
  /** The format the log was read as. */
  format: logFormatSchema.exclude(['auto']),
  lines: z.number().int(),
  /** Lines that should have been visits and could not be read (`unreadable`); lines read without a host count under `no_host`. */
  unparsed: z.number().int(),
  /** Lines not read as visits, by reason: blank, header or comment, not in the format, no host to judge (a path without its host). */
  skipped: z.object({ blank: z.number().int(), header: z.number().int(), unreadable: z.number().int(), no_host: z.number().int() }),
  visits: z.number().int(),
  /**
   * Addresses judged: each visit's full URL where the log has its path, else its host (judged again
   * once it has left the bounded verdict cache).
   */
  hosts: z.number().int(),
  flagged_visits: z.number().int(),
  flagged_hosts: z.array(z.string()),
});
export type RetroHuntSummary = z.infer<typeof retroHuntSummarySchema>;
