import type { CheckResult } from '@riskscan/contracts';
import { resultOnOrigin } from './own-links.ts';
import type { ScanRow } from './scans.repository.ts';
import { redactResultSecrets } from './result-redaction.ts';

/** SPEC §8, the text the web app shows when a scan fails. */
export const SCAN_FAILED =
  "Oops! We couldn't scan the site this time. Please give it another try in a few minutes. If the problem continues, don't hesitate to contact us for assistance";
export const NOT_FOUND = 'Not found.';

/**
 * The stored report with the row's uid and whether it is a reused recent scan; secrets in its
 * addresses redacted wherever they appear, and its own links (screenshot, flags) on the caller's `origin`.
 */
export function presentResult(scan: ScanRow, origin: string, recentlyScanned = false): CheckResult | null {
  if (!scan.result) return null;
  return resultOnOrigin(
    {
      ...redactResultSecrets(scan.result),
      uid: scan.uid,
      recently_scanned: recentlyScanned,
    },
    origin,
  );
}
