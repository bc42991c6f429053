import { FREE_SCAN_GUEST_EMAIL } from '@riskscan/contracts';
import { create } from 'zustand';
import { withSessionLock } from './session-lock.ts';
import { readJson, STORAGE_KEYS, writeJson } from './storage-keys.ts';

/** The stored user record (SPEC §3 User session); signed in only when an e-mail is present. */
export type StoredUser = {
  email?: string;
  token?: string;
  uid?: string;
  /** The access/refresh pair a token refresh stores (SPEC §3 "AccessToken and RefreshToken forms"). */
  accessToken?: string;
  refreshToken?: string;
  /** Guests keep the free-scan token here (SPEC §3). */
  freeScanToken?: string;
};

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The keys SPEC §4 clears on expiry, on an unrefreshable 401 and on sign-out. */
export const SESSION_KEYS = [STORAGE_KEYS.checkResult, STORAGE_KEYS.isLoading, STORAGE_KEYS.expirationTime, STORAGE_KEYS.user] as const;

type SessionState = {
  user: StoredUser | null;
  loggedIn: boolean;
  signIn(user: StoredUser, now?: number): void;
  /** Replaces the tokens after a refresh, keeping who is signed in and when the session ends. */
  storeTokens(tokens: { accessToken: string; refreshToken: string }, user: StoredUser): void;
  /** Changes details of the signed-in user (a confirmed new e-mail) without touching tokens or expiry. */
  updateUser(patch: Pick<StoredUser, 'email'>): void;
  /** Clears the four keys of SPEC §4 and the in-memory session. */
  signOut(): void;
  /** Takes the stored user as it now is: another tab refreshed the tokens, signed in or out. */
  syncFromStorage(): void;
};

export function isSignedIn(user: StoredUser | null): boolean {
  return Boolean(user?.email);
}

/** The bearer token of a stored user: the refreshed access token wins over the login token. */
export function sessionToken(user: StoredUser | null): string | undefined {
  return user?.accessToken ?? user?.token;
}

/**
 * The guard of /profile (SPEC §2): a member has an e-mail and their own token. A guest record
 * carries the shared free-token generator account, which never opens the profile.
 */
export function canOpenProfile(user: StoredUser | null): boolean {
  if (!user?.email || user.email === FREE_SCAN_GUEST_EMAIL) return false;
  const token = sessionToken(user);
  return Boolean(token) && token !== user.freeScanToken;
}

export function clearSessionKeys(storage: Storage = localStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}

export const useSession = create<SessionState>((set) => {
  const user = readJson<StoredUser>(STORAGE_KEYS.user);
  return {
    user,
    loggedIn: isSignedIn(user),
    signIn(next, now = Date.now()) {
      writeJson(STORAGE_KEYS.user, next);
      localStorage.setItem(STORAGE_KEYS.expirationTime, String(now + SESSION_LIFETIME_MS));
      set({ user: next, loggedIn: isSignedIn(next) });
    },
    storeTokens(tokens, user) {
      const next = { ...user, token: tokens.accessToken, ...tokens };
      writeJson(STORAGE_KEYS.user, next);
      set({ user: next, loggedIn: isSignedIn(next) });
    },
    updateUser(patch) {
      const current = readJson<StoredUser>(STORAGE_KEYS.user);
      if (!current) return;
      const next = { ...current, ...patch };
      writeJson(STORAGE_KEYS.user, next);
      set({ user: next, loggedIn: isSignedIn(next) });
    },
    signOut() {
      clearSessionKeys();
      set({ user: null, loggedIn: false });
    },
    syncFromStorage() {
      const stored = readJson<StoredUser>(STORAGE_KEYS.user);
      set({ user: stored, loggedIn: isSignedIn(stored) });
    },
  };
});

/**
 * Keeps this tab's session in step with the others (decision 340). A new stored user is taken at
 * once; a removed one only after any refresh under way has finished, because a refreshing tab
 * clears the keys (SPEC §4) before it stores the new pair.
 */
export function followOtherTabs(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.user && event.key !== null) return;
    if (event.newValue !== null) useSession.getState().syncFromStorage();
    else void withSessionLock(async () => useSession.getState().syncFromStorage());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
