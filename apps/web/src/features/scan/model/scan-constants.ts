/** SPEC §9 scanner constants (the result view's own are in `components/scan-result/result-constants.ts`). */
export const SCAN_EXPIRY_MS = 10 * 60 * 1000;
export const RECENT_SCANS_REFRESH_MS = 20_000;

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
