import { createHash } from 'node:crypto';
import type { CheckResult } from '@riskscan/contracts';
import { guardedFetch, scannedPageVerdict, type GuardedFetchOptions } from '@riskscan/scanner';
import type { PageVerdict } from './lifecycle.ts';

/** How long a request to a look-alike's site or registry may take. */
export const LOOKALIKE_FETCH_TIMEOUT_MS = 10_000;

/** The home page of a domain as a visitor gets it (https first, then http); null when none answers. */
export async function fetchHomePage(
  domain: string,
  network: Omit<GuardedFetchOptions, 'signal'>,
): Promise<{ url: string; html: string } | null> {
  for (const url of [`https://${domain}/`, `http://${domain}/`]) {
    try {
      const response = await guardedFetch(url, { ...network, timeoutMs: LOOKALIKE_FETCH_TIMEOUT_MS, maxBytes: 1024 * 1024 });
      if (response.status < 500) return { url, html: response.body.toString('utf8') };
    } catch {
      // the next scheme, or no page
    }
  }
  return null;
}

export const contentHash = (html: string) => createHash('sha256').update(html).digest('hex');

/** Reads the lifecycle's inputs off a full scan of the look-alike's page. */
export function pageVerdict(result: CheckResult, similarity: number | null): PageVerdict {
  return { ...scannedPageVerdict(result), similarity };
}
