import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followOtherTabs, useSession } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

let stop: () => void;
beforeEach(() => {
  localStorage.clear();
  useSession.getState().signIn({ email: 'ana@example.test', token: 'a1', uid: 'u1', refreshToken: 'r1' }, 1000);
  stop = followOtherTabs();
});
afterEach(() => stop());

/** What the browser does in this tab when another tab writes the key. */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe('followOtherTabs', () => {
  it('takes the tokens another tab refreshed', () => {
    const refreshed = { email: 'ana@example.test', uid: 'u1', token: 'a2', accessToken: 'a2', refreshToken: 'r2' };
    otherTabWrites(STORAGE_KEYS.user, JSON.stringify(refreshed));
    expect(useSession.getState().user).toEqual(refreshed);
    expect(useSession.getState().loggedIn).toBe(true);
  });

  it('signs this tab out when another tab signed out', async () => {
    otherTabWrites(STORAGE_KEYS.user, null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSession.getState().loggedIn).toBe(false);
  });

  it('ignores other keys', () => {
    otherTabWrites(STORAGE_KEYS.checkResult, '{}');
    expect(useSession.getState().user?.refreshToken).toBe('r1');
  });
});
