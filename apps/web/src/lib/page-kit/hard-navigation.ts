/**
 * Full page loads where the spec says the page "reloads" (sign-up, forgot password): the form
 * starts clean. An object, so tests can watch the call instead of jsdom trying to navigate.
 */
export const hardNavigation = {
  go(path: string): void {
    window.location.assign(path);
  },
};

/** SPEC §9: post-submit and reset redirects wait 2 seconds, long enough to read the toast. */
export const REDIRECT_DELAY_MS = 2000;
