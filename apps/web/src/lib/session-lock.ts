/** The Web Lock every tab of this origin takes around a token refresh (decision 340). */
export const SESSION_REFRESH_LOCK = 'riskscan-session-refresh';

/**
 * Runs `task` while no other tab of the site refreshes the session. Without the Web Locks API
 * (old browsers, jsdom) it runs at once: the server's grace window then covers tabs that race.
 */
export function withSessionLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(SESSION_REFRESH_LOCK, task);
}
