import { z } from 'zod';
import type { FeedEntry } from '../indicator.ts';
import { urlIndicator } from '../indicator.ts';

// The fields of PhishTank's `online-valid.json` we use; the rest (details, target) pass through.
const phishTankEntrySchema = z.object({
  url: z.string(),
  phish_detail_url: z.string().optional(),
  submission_time: z.string().optional(),
  verified: z.string().optional(),
});
const phishTankFeedSchema = z.array(z.unknown());

export class FeedFormatError extends Error {}

/** Parses PhishTank's JSON database; only verified phish count. */
export function parsePhishTankJson(text: string): FeedEntry[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new FeedFormatError('PhishTank feed is not valid JSON');
  }
  const rows = phishTankFeedSchema.safeParse(document);
  if (!rows.success) throw new FeedFormatError('PhishTank feed must be a JSON array');
  const entries: FeedEntry[] = [];
  for (const row of rows.data) {
    const parsed = phishTankEntrySchema.safeParse(row);
    if (!parsed.success || parsed.data.verified === 'no') continue;
    const indicator = urlIndicator(parsed.data.url);
    if (!indicator) continue;
    const submitted = parsed.data.submission_time ? new Date(parsed.data.submission_time) : null;
    entries.push({
      ...indicator,
      threat: 'phishing',
      firstSeen: submitted && !Number.isNaN(submitted.getTime()) ? submitted : null,
      reference: parsed.data.phish_detail_url ?? null,
    });
  }
  return entries;
}
