import '@/testing/jsdom-gaps.ts';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_MS, useSession } from './session.ts';
import { isSessionExpired, SESSION_EXPIRED_MESSAGE, startSessionExpiryWatch } from './session-expiry.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

describe('isSessionExpired', () => {
  it('is false without a stored expiry and before it, true only after it', () => {
    expect(isSessionExpired(null, 5)).toBe(false);
    expect(isSessionExpired('1000', 1000)).toBe(false);
    expect(isSessionExpired('1000', 1001)).toBe(true);
    expect(isSessionExpired('not a time', 1001)).toBe(false);
  });
});

describe('startSessionExpiryWatch', () => {
  let stop: () => void = () => undefined;
  // The toast loads SweetAlert2 on first use; loaded here, the fake clock never outruns that import.
  beforeAll(async () => {
    await import('sweetalert2');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('ends a session 24 h after sign-in: toast, four keys cleared, /signin 2 s later', async () => {
    const start = Date.now();
    useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' }, start);
    localStorage.setItem(STORAGE_KEYS.checkResult, '{}');
    localStorage.setItem(STORAGE_KEYS.isLoading, 'true');
    localStorage.setItem(STORAGE_KEYS.scanProfileId, 'p1');
    expect(localStorage.getItem(STORAGE_KEYS.expirationTime)).toBe(String(start + SESSION_LIFETIME_MS));
    let clock = start + SESSION_LIFETIME_MS;
    const redirect = vi.fn();
    stop = startSessionExpiryWatch({ now: () => clock, redirect });

    await vi.advanceTimersByTimeAsync(1000);
    expect(useSession.getState().loggedIn).toBe(true);

    clock += 1;
    await vi.advanceTimersByTimeAsync(1000);
    expect(useSession.getState().loggedIn).toBe(false);
    for (const key of [STORAGE_KEYS.checkResult, STORAGE_KEYS.isLoading, STORAGE_KEYS.expirationTime, STORAGE_KEYS.user]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.scanProfileId)).toBe('p1');
    expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session expired - please login again');

    await vi.advanceTimersByTimeAsync(1999);
    expect(redirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/signin');

    await vi.advanceTimersByTimeAsync(5000);
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
