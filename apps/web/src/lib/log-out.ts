import { showToast } from './toast.ts';
import { useSession } from './session.ts';
import { sessionRequest } from './session-request.ts';

export const LOGGED_OUT_MESSAGE = 'You have logged out';

/**
 * Log Out from the header and from the profile (SPEC §4): end the refresh token on the server
 * (best effort: the visitor leaves either way), clear the session keys (user, expiry, stored scan
 * result and its loading flag) and say so. Where to go next is the caller's choice.
 */
export async function logOut(): Promise<void> {
  const refreshToken = useSession.getState().user?.refreshToken;
  await sessionRequest('api', '/logout/', { method: 'POST', ...(refreshToken ? { body: { refreshToken } } : {}) }).catch(() => undefined);
  useSession.getState().signOut();
  void showToast('success', LOGGED_OUT_MESSAGE);
}
