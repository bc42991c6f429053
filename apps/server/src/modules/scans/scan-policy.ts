import type { CheckUrlQuery } from '@riskscan/contracts';
import { isInternalUrl } from '@riskscan/scanner';
import { ForbiddenError, InvalidError } from '../../domain-errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { ScanCapture } from '../screenshots/index.ts';
import type { ScanRow } from './scans.repository.ts';
import { urlCarriesSecrets } from './url-secrets.ts';

// Who may ask for which scan options, and who may see a scan.

export type ScanInput = Omit<CheckUrlQuery, 'freescan_uid'> & { freescan_uid?: string | undefined; callback_url?: string | undefined };

export const REGISTERED_USERS_ONLY = 'Only available for registered users';
/** The one text for a guest whose free scan is spent. */
export const FREE_SCAN_USED = 'You have used your free scan. Sign up for free to keep scanning, or sign in if you have an account.';
export const INVALID_PROXY = 'Select a valid country.';
export const INVALID_USER_AGENT = 'Select a valid user agent.';

export function assertOptionsAllowed(caller: AuthUser, input: ScanInput, capture: Pick<ScanCapture, 'environmentFor' | 'userAgent'>): void {
  if (caller.kind === 'free-scan-guest') {
    // SPEC §1/§6: guests' scans are public; private scans and the options are for registered users.
    if (
      input.private ||
      (input.visibility && input.visibility !== 'public') ||
      input.proxy ||
      input.user_agent ||
      input.scan_profile ||
      input.viewers?.length
    )
      throw new ForbiddenError(REGISTERED_USERS_ONLY);
    if (!input.freescan_uid || input.freescan_uid !== caller.freeScanUid) throw new ForbiddenError(FREE_SCAN_USED);
  }
  if (input.proxy && !capture.environmentFor(input.proxy)) throw InvalidError.field('proxy', INVALID_PROXY);
  if (input.user_agent && !capture.userAgent(input.user_agent)) throw InvalidError.field('user_agent', INVALID_USER_AGENT);
  if (input.viewers?.some((viewer) => viewer.country && !capture.environmentFor(viewer.country)))
    throw InvalidError.field('viewers', INVALID_PROXY);
}

/** Scans belong to people: the shared free-scan guest owns nothing another guest could open. */
export function isOwner(scan: ScanRow, caller: AuthUser | null): boolean {
  return caller?.kind === 'user' && scan.user_id === caller.id;
}

/**
 * Who asked for a scan, and so may follow its progress and cancel it: the member, or the guest
 * whose anonymous id's free scan paid for it (the shared guest account is nobody's).
 */
export function askedFor(scan: ScanRow, caller: AuthUser | null): boolean {
  if (caller?.kind === 'free-scan-guest') return caller.freeScanUid !== undefined && scan.options.free_scan_uid === caller.freeScanUid;
  return isOwner(scan, caller);
}

/** Owners see their scans; others what the public board shows, and unlisted scans by their permalink. */
export function canView(scan: ScanRow, caller: AuthUser | null): boolean {
  return scan.on_board || scan.visibility === 'unlisted' || isOwner(scan, caller);
}

/**
 * Whether a public scan of `url` is listed: on the board, in public search and in the feeds its
 * verdict feeds. Never a URL carrying a secret, nor one naming an internal host or address (an
 * attacker's scan of `http://10.0.0.5/` or `intranet.corp` would publish a map of a network).
 */
export function mayBeListed(url: string): boolean {
  return !urlCarriesSecrets(url) && !isInternalUrl(new URL(url));
}
