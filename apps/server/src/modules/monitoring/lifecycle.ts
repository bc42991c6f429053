import type { LookalikeStatus } from '@riskscan/contracts';
import type { ScannedPageVerdict } from '@riskscan/scanner';

/** Pages this alike (0-100) copy the watched site; with a login or card form they imitate it. */
export const COPY_SIMILARITY = 80;

/** What the latest scan of a look-alike's page said (the scanner reads it off the result), with monitoring's own comparisons. */
export type PageVerdict = ScannedPageVerdict & {
  similarity: number | null;
  /** The page copies one of the brand's registered pages (issue 39). */
  copies?: boolean;
};

/** What one check of a look-alike saw. `page` null: no page answered; undefined: unchanged since the last scan. */
export type Observation = { resolution: 'registered' | 'unregistered' | 'unknown'; page: PageVerdict | null | undefined };

/**
 * SPEC §1's lifecycle, registered → parked → live → suspicious, and gone when the name no longer
 * resolves. Null: nothing to record (a DNS failure proves nothing; an unregistered name we never
 * saw is not news; an unchanged page keeps its status).
 */
export function nextStatus(previous: LookalikeStatus | null, observation: Observation): LookalikeStatus | null {
  if (observation.resolution === 'unknown') return null;
  if (observation.resolution === 'unregistered') return previous && previous !== 'gone' ? 'gone' : null;
  const page = observation.page;
  if (page === undefined) return previous && previous !== 'gone' ? previous : 'registered';
  if (page === null) return 'registered';
  if (page.parked) return 'parked';
  // A copy of the brand's own login or home page on a stranger's name is an imitation whatever it asks.
  const imitates = page.copies === true || page.impersonates || (page.asksForSecrets && (page.similarity ?? 0) >= COPY_SIMILARITY);
  return page.risky || imitates ? 'suspicious' : 'live';
}
