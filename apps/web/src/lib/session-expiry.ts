import { showToast } from './toast.ts';
import { clearSessionKeys, useSession } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** SPEC §9: the session is checked every second and the visitor leaves for /signin 2 s after expiry. */
export const SESSION_CHECK_MS = 1000;
export const EXPIRED_REDIRECT_MS = 2000;
export const SESSION_EXPIRED_MESSAGE = 'Your session expired - please login again';

/** True once the stored expiry (a millisecond timestamp) lies in the past; no expiry means no session to expire. */
export function isSessionExpired(expirationTime: string | null, now: number): boolean {
  if (expirationTime === null) return false;
  const expiresAt = Number(expirationTime);
  return Number.isFinite(expiresAt) && now > expiresAt;
}

type ExpiryWatch = {
  storage?: Storage;
  now?: () => number;
  /** Full navigation, so every screen drops what it held for the signed-in user. */
  redirect?: (path: string) => void;
};

const navigate = (path: string) => window.location.assign(path);

/**
 * SPEC §4: every second, compare the clock with `expirationTime`; when it has passed, toast, clear
 * the four session keys and go to /signin after 2 s. Returns the function that stops watching.
 */
export function startSessionExpiryWatch({ storage = localStorage, now = Date.now, redirect = navigate }: ExpiryWatch = {}): () => void {
  const timer = window.setInterval(() => {
    if (!isSessionExpired(storage.getItem(STORAGE_KEYS.expirationTime), now())) return;
    // Clearing the keys removes the expiry too, so the next tick stays quiet and the toast shows once.
    clearSessionKeys(storage);
    useSession.getState().signOut();
    void showToast('error', SESSION_EXPIRED_MESSAGE);
    window.setTimeout(() => redirect('/signin'), EXPIRED_REDIRECT_MS);
  }, SESSION_CHECK_MS);
  return () => window.clearInterval(timer);
}
