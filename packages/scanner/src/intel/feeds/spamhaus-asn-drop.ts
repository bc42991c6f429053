import { z } from 'zod';
import { FeedFormatError } from './phishtank-json.ts';

/** A network a blocklist says is run by or for criminals ("bulletproof" hosting). */
export interface ListedNetwork {
  asn: number;
  /** The AS name as the list gives it. */
  name: string;
  /** Two-letter country code, when given. */
  country: string | null;
  rir: string | null;
  domain: string | null;
}

const recordSchema = z.object({
  asn: z.number().int().positive(),
  asname: z.string().default(''),
  cc: z.string().nullish(),
  rir: z.string().nullish(),
  domain: z.string().nullish(),
});
const metadataSchema = z.object({ type: z.literal('metadata'), records: z.number().int().nonnegative().optional() });

/**
 * Parses Spamhaus ASN-DROP (`asndrop.json`): one JSON object per line, the last a
 * `{"type":"metadata",…}` line whose `records` count must match, so a cut-off download is refused
 * rather than taken as a shorter list.
 */
export function parseSpamhausAsnDrop(text: string): ListedNetwork[] {
  const networks: ListedNetwork[] = [];
  let expected: number | null = null;
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new FeedFormatError(`ASN-DROP line ${index + 1} is not JSON`);
    }
    const metadata = metadataSchema.safeParse(row);
    if (metadata.success) {
      expected = metadata.data.records ?? null;
      continue;
    }
    const record = recordSchema.safeParse(row);
    if (!record.success) throw new FeedFormatError(`ASN-DROP line ${index + 1} has no AS number`);
    const { asn, asname, cc, rir, domain } = record.data;
    networks.push({ asn, name: asname, country: cc ? cc.toUpperCase() : null, rir: rir ?? null, domain: domain ?? null });
  }
  if (expected !== null && expected !== networks.length) {
    throw new FeedFormatError(`ASN-DROP metadata announces ${expected} records, the file has ${networks.length}`);
  }
  return networks;
}
