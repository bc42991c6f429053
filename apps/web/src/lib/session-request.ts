import { type ApiService, ApiError, apiRequest, type RequestOptions } from './api-client.ts';
import { withSessionLock } from './session-lock.ts';
import { clearSessionKeys, sessionToken, type StoredUser, useSession } from './session.ts';
import { readJson, STORAGE_KEYS } from './storage-keys.ts';

export const IDLE_MESSAGE = 'You have been idle for too long, please signin again.';

/** SPEC §4: a 401 from signing in or registering is a wrong password, not a stale session. */
const NO_REFRESH_PATHS = ['/login/', '/register/'];

type RefreshAnswer = { loggedIn: boolean; accessToken?: string; refreshToken?: string };

let refreshing: Promise<string | undefined> | undefined;

async function signOutIdle(token: string | undefined): Promise<void> {
  // The server may already have forgotten the session; signing out here is best effort.
  await apiRequest('api', '/logout/', { method: 'POST', ...(token ? { token } : {}) }).catch(() => undefined);
  useSession.getState().signOut();
  // Loaded on demand, like the toasts, to keep SweetAlert2 out of the first page load.
  const { default: Swal } = await import('sweetalert2');
  void Swal.fire({ icon: 'warning', text: IDLE_MESSAGE });
}

/**
 * SPEC §4 401 handling: clear the stored scan result, loading flag, expiry and user, then ask for
 * new tokens once. On success the user comes back with the new pair and the old expiry; when the
 * server says the visitor is no longer logged in, the idle alert shows and the session ends.
 */
async function refreshSession(user: StoredUser): Promise<string | undefined> {
  const expiry = localStorage.getItem(STORAGE_KEYS.expirationTime);
  clearSessionKeys();
  const answer = user.refreshToken
    ? await apiRequest<RefreshAnswer>('api', '/auth/token', { body: { refreshToken: user.refreshToken } }).catch(() => null)
    : null;
  if (!answer?.loggedIn || !answer.accessToken || !answer.refreshToken) {
    await signOutIdle(sessionToken(user));
    return undefined;
  }
  if (expiry !== null) localStorage.setItem(STORAGE_KEYS.expirationTime, expiry);
  useSession.getState().storeTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken }, user);
  return answer.accessToken;
}

/**
 * One refresh at a time across every tab (decision 340): inside the lock, a pair another tab has
 * stored meanwhile is taken as it is, and only a tab still holding the stored refresh token
 * spends it.
 */
async function refreshInTurn(user: StoredUser): Promise<string | undefined> {
  const stored = readJson<StoredUser>(STORAGE_KEYS.user);
  if (stored?.refreshToken && stored.refreshToken !== user.refreshToken) {
    useSession.getState().syncFromStorage();
    return sessionToken(stored);
  }
  return refreshSession(stored ?? user);
}

/** Several calls failing together share one refresh, so the rotating refresh token is spent once. */
function refreshOnce(user: StoredUser): Promise<string | undefined> {
  refreshing ??= withSessionLock(() => refreshInTurn(user)).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * A call on behalf of the signed-in user: carries the session token, and on a 401 refreshes the
 * session once and retries the call once with the new token.
 */
export async function sessionRequest<T>(service: ApiService, path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  const user = useSession.getState().user;
  const token = sessionToken(user);
  try {
    return await apiRequest<T>(service, path, { ...options, ...(token ? { token } : {}) });
  } catch (error) {
    const stale = error instanceof ApiError && error.status === 401 && user && token && !NO_REFRESH_PATHS.includes(path);
    if (!stale) throw error;
    const fresh = await refreshOnce(user);
    if (!fresh) throw error;
    return apiRequest<T>(service, path, { ...options, token: fresh });
  }
}
