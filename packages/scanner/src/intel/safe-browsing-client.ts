import { z } from 'zod';

/** The Safe Browsing v4 threat types we ask about, and how they read in a verdict. */
const THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'] as const;
// The API takes at most 500 threat entries per call.
const ENTRIES_PER_CALL = 500;

const matchesResponseSchema = z.object({
  matches: z
    .array(
      z.object({
        threatType: z.string(),
        platformType: z.string().optional(),
        threat: z.object({ url: z.string() }),
        cacheDuration: z.string().optional(),
      }),
    )
    .optional(),
});

export type SafeBrowsingMatch = { url: string; threatType: string };

export type SafeBrowsingOptions = {
  apiKey: string;
  /** `https://safebrowsing.googleapis.com` in production; tests point it at a local server. */
  baseUrl: string;
  clientId: string;
  clientVersion: string;
  timeoutMs?: number;
};

export class SafeBrowsingError extends Error {}

/**
 * Google Safe Browsing v4 Lookup API (`threatMatches:find`). Returns the matches for the given
 * URLs; an empty list means none of them is listed.
 */
export async function findThreatMatches(urls: string[], options: SafeBrowsingOptions): Promise<SafeBrowsingMatch[]> {
  const matches: SafeBrowsingMatch[] = [];
  for (let start = 0; start < urls.length; start += ENTRIES_PER_CALL) {
    matches.push(...(await findChunk(urls.slice(start, start + ENTRIES_PER_CALL), options)));
  }
  return matches;
}

async function findChunk(urls: string[], options: SafeBrowsingOptions): Promise<SafeBrowsingMatch[]> {
  const endpoint = new URL('/v4/threatMatches:find', options.baseUrl);
  endpoint.searchParams.set('key', options.apiKey);
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    body: JSON.stringify({
      client: { clientId: options.clientId, clientVersion: options.clientVersion },
      threatInfo: {
        threatTypes: THREAT_TYPES,
        platformTypes: ['ANY_PLATFORM'],
        threatEntryTypes: ['URL'],
        threatEntries: urls.map((url) => ({ url })),
      },
    }),
  });
  if (!response.ok) throw new SafeBrowsingError(`Safe Browsing answered HTTP ${response.status}`);
  const parsed = matchesResponseSchema.safeParse(await response.json());
  if (!parsed.success) throw new SafeBrowsingError('Safe Browsing answered in an unexpected format');
  return (parsed.data.matches ?? []).map((match) => ({ url: match.threat.url, threatType: match.threatType }));
}
