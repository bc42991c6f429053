import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from './storage-keys.ts';

/** The stored user record (SPEC §3 User session); signed in only when an e-mail is present. */
export type StoredUser = {
  email?: string;
  token?: string;
  uid?: string;
  refreshToken?: string;
  /** Guests keep the free-scan token here (SPEC §3). */
  freeScanToken?: string;
};

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

type SessionState = {
  user: StoredUser | null;
  loggedIn: boolean;
  signIn(user: StoredUser, now?: number): void;
  /** Clears the four keys of SPEC §4 and the in-memory session. */
  signOut(): void;
};

function isSignedIn(user: StoredUser | null): boolean {
  return Boolean(user?.email);
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
    signOut() {
      for (const key of [STORAGE_KEYS.checkResult, STORAGE_KEYS.isLoading, STORAGE_KEYS.expirationTime, STORAGE_KEYS.user]) {
        localStorage.removeItem(key);
      }
      set({ user: null, loggedIn: false });
    },
  };
});
