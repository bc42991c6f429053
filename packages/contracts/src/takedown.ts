import { z } from 'zod';

/**
 * Takedown packs (issue 39): for a look-alike judged malicious, who to write to (the registrar and
 * the hosting network, with their abuse contacts from RDAP), the evidence, a ready abuse report,
 * and the case tracked until the site is down.
 */

/** A case is `reported` when the pack is made, `still_up` while later checks find the site answering, `down` once it stops. */
export const TAKEDOWN_STATUSES = ['reported', 'still_up', 'down'] as const;
export const takedownStatusSchema = z.enum(TAKEDOWN_STATUSES);
export type TakedownStatus = z.infer<typeof takedownStatusSchema>;

export const takedownInputSchema = z.object({ domain: z.string().trim().min(1, 'Enter the look-alike domain.').max(253) });

export const takedownParamsSchema = z.object({ uid: z.string().max(64), case: z.string().max(64) });

const contactSchema = z.object({
  /** The registrar, or the network's holder (the hosting company). */
  name: z.string().nullable(),
  abuse_email: z.string().nullable(),
});

export const takedownEvidenceSchema = z.object({
  risk_score: z.number().int().nullable(),
  /** What the look-alike's last scan found, in the report's words. */
  reasons: z.array(z.string()),
  scan_uid: z.string().nullable(),
  screenshot_link: z.string().nullable(),
  final_url: z.string().nullable(),
  ip: z.string().nullable(),
  certificate: z
    .object({ issuer: z.string().nullable(), valid_from: z.string().nullable(), subject_alt_names: z.array(z.string()) })
    .nullable(),
  /** First seen, registered, first certificate, each status change, reported: in order. */
  timeline: z.array(z.object({ at: z.string(), event: z.string() })),
});

export const takedownCaseSchema = z.object({
  uid: z.string(),
  domain: z.string(),
  status: takedownStatusSchema,
  registrar: contactSchema.extend({ registered_at: z.string().nullable() }),
  hosting: contactSchema.extend({ network: z.string().nullable(), range: z.string().nullable(), country: z.string().nullable() }),
  evidence: takedownEvidenceSchema,
  /** The abuse report, ready to send (also as `report.txt` and `report.pdf`). */
  report: z.string(),
  reported_at: z.string(),
  last_checked_at: z.string().nullable(),
  down_at: z.string().nullable(),
  /** Seconds from the report to the site going down; null while it is up. */
  time_to_takedown_seconds: z.number().int().nullable(),
  checks: z.number().int(),
});
export type TakedownCase = z.infer<typeof takedownCaseSchema>;
export const takedownCaseListSchema = z.array(takedownCaseSchema);
