import '@/testing/jsdom-gaps.ts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { useSession } from './session.ts';
import { IDLE_MESSAGE, sessionRequest } from './session-request.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type Route = (init: RequestInit) => { status: number; body: unknown };

/** A fetch that answers by path and records every call with its bearer token. */
function serve(routes: Record<string, Route | Route[]>) {
  const calls: { path: string; auth: string | undefined; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\/v1/, '');
      const headers = init.headers as Record<string, string>;
      calls.push({ path, auth: headers.Authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[path];
      const handler = Array.isArray(route) ? route.shift() : route;
      if (!handler) return new Response('{"detail":"no route"}', { status: 404 });
      const answer = handler(init);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const unauthorized: Route = () => ({ status: 401, body: { detail: 'Given token not valid for any token type' } });

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: '/api/v1', scanApiBaseUrl: '/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' });
  localStorage.clear();
  useSession.getState().signIn({ email: 'ana@example.test', token: 'old-access', uid: 'u1', refreshToken: 'old-refresh' }, 1000);
  localStorage.setItem(STORAGE_KEYS.checkResult, '{"url":"https://a.test"}');
  localStorage.setItem(STORAGE_KEYS.isLoading, 'true');
});
afterEach(() => vi.unstubAllGlobals());

describe('sessionRequest', () => {
  it('sends the session token', async () => {
    const calls = serve({ '/memberships/': () => ({ status: 200, body: { current: null } }) });
    await expect(sessionRequest('api', '/memberships/')).resolves.toEqual({ current: null });
    expect(calls[0]?.auth).toBe('Bearer old-access');
  });

  it('on a 401 clears the stored scan, refreshes once and retries with the new token', async () => {
    const calls = serve({
      '/memberships/': [unauthorized, () => ({ status: 200, body: { current: null } })],
      '/auth/token': () => ({ status: 200, body: { loggedIn: true, accessToken: 'new-access', refreshToken: 'new-refresh' } }),
    });
    await expect(sessionRequest('api', '/memberships/')).resolves.toEqual({ current: null });
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      ['/memberships/', 'Bearer old-access'],
      ['/auth/token', undefined],
      ['/memberships/', 'Bearer new-access'],
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(localStorage.getItem(STORAGE_KEYS.checkResult)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.isLoading)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.expirationTime)).toBe(String(1000 + 24 * 3600 * 1000));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      email: 'ana@example.test',
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
    });
    expect(useSession.getState().loggedIn).toBe(true);
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const calls = serve({
      '/scan-profiles/': [unauthorized, unauthorized],
      '/auth/token': () => ({ status: 200, body: { loggedIn: true, accessToken: 'a2', refreshToken: 'r2' } }),
    });
    const error = await sessionRequest('api', '/scan-profiles/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toHaveLength(3);
  });

  it('never refreshes for a 401 from login or register', async () => {
    const calls = serve({ '/login/': unauthorized });
    await expect(sessionRequest('api', '/login/', { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.path)).toEqual(['/login/']);
    expect(useSession.getState().loggedIn).toBe(true);
  });

  it('shows the idle alert and signs out when the refresh says not logged in', async () => {
    const calls = serve({
      '/memberships/': unauthorized,
      '/auth/token': () => ({ status: 200, body: { loggedIn: false } }),
      '/logout/': () => ({ status: 200, body: {} }),
    });
    await expect(sessionRequest('api', '/memberships/')).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText(IDLE_MESSAGE)).toBeInTheDocument();
    expect(IDLE_MESSAGE).toBe('You have been idle for too long, please signin again.');
    expect(calls.map((c) => c.path)).toEqual(['/memberships/', '/auth/token', '/logout/']);
    expect(useSession.getState().loggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('shares one refresh between calls that fail together', async () => {
    const calls = serve({
      '/memberships/': [unauthorized, () => ({ status: 200, body: 1 })],
      '/scan-profiles/': [unauthorized, () => ({ status: 200, body: 2 })],
      '/auth/token': () => ({ status: 200, body: { loggedIn: true, accessToken: 'a2', refreshToken: 'r2' } }),
    });
    await expect(Promise.all([sessionRequest('api', '/memberships/'), sessionRequest('api', '/scan-profiles/')])).resolves.toEqual([1, 2]);
    expect(calls.filter((c) => c.path === '/auth/token')).toHaveLength(1);
  });
});

describe('sessionRequest across tabs', () => {
  it('takes the pair another tab stored meanwhile instead of spending the refresh token again', async () => {
    const calls = serve({
      '/memberships/': [
        () => {
          // Another tab refreshed while this call was on its way.
          localStorage.setItem(
            STORAGE_KEYS.user,
            JSON.stringify({
              email: 'ana@example.test',
              uid: 'u1',
              token: 'tab-access',
              accessToken: 'tab-access',
              refreshToken: 'tab-refresh',
            }),
          );
          return unauthorized(new Request('http://x'));
        },
        () => ({ status: 200, body: { current: null } }),
      ],
    });
    await expect(sessionRequest('api', '/memberships/')).resolves.toEqual({ current: null });
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      ['/memberships/', 'Bearer old-access'],
      ['/memberships/', 'Bearer tab-access'],
    ]);
    expect(useSession.getState().user?.refreshToken).toBe('tab-refresh');
  });
});
