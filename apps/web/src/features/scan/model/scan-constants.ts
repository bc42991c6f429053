/** SPEC §9 scanner constants. */
export const SCAN_EXPIRY_MS = 10 * 60 * 1000;
export const RECENT_SCANS_REFRESH_MS = 20_000;
export const CATEGORIES_PER_PAGE = 5;
export const EXTENDED_PREVIEW = 10;
/** Disabled checks: preview of 3, toggle offered only when more than 4 exist. */
export const DISABLED_CHECKS_PREVIEW = 3;
export const DISABLED_CHECKS_TOGGLE_ABOVE = 4;

/** SPEC §8 messages of the scanner. */
export const SCAN_MESSAGES = {
  emptyUrl: 'Oops, please enter the URL.',
  invalidUrl: 'Please enter a valid URL.',
  registeredOnly: 'Only available for registered users',
  serverUpdating: 'Server Updating now!',
  scanFailed:
    "Oops! We couldn't scan the site this time. Please give it another try in a few minutes. If the problem continues, don't hesitate to contact us for assistance",
  recentlyScanned: 'This URL has been scanned within the last 24h.',
} as const;
