import { vi } from 'vitest';
import { setRuntimeConfig } from '@/lib/runtime-config.ts';

export type FakeAnswer = { status: number; body: unknown };
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;
export type FakeCall = { method: string; path: string; search: string; auth: string | undefined; body: unknown };

/** JSON bodies parsed; raw ones (an uploaded file, pasted text) kept as sent. */
function jsonOrRaw(body: BodyInit): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` with a small server that answers by method and path (`'POST /api/v1/login/'`,
 * or just the path for any method). A list of handlers answers successive calls in turn. Returns
 * every call made, for assertions.
 */
export function fakeApi(routes: Record<string, FakeRoute | FakeRoute[]>): FakeCall[] {
  setRuntimeConfig({ apiBaseUrl: '/api/v1', scanApiBaseUrl: '/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' });
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://app.test');
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        method,
        path: url.pathname,
        search: url.search,
        auth: headers.Authorization,
        body: init.body ? jsonOrRaw(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const handler = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
      if (!handler) return new Response(JSON.stringify({ detail: `no fake for ${method} ${url.pathname}` }), { status: 404 });
      const answer = await handler(call);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

export const ok =
  (body: unknown): FakeRoute =>
  () => ({ status: 200, body });
export const fail =
  (status: number, body: unknown): FakeRoute =>
  () => ({ status, body });

/** An answer that waits until the test releases it, to look at a screen while its call is pending. */
export function heldAnswer(answer: FakeAnswer): { route: FakeRoute; release(): void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { route: async () => (await gate, answer), release: () => release() };
}
