import '@/testing/jsdom-gaps.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { setRuntimeConfig } from '@/lib/runtime-config.ts';

// The result view and its chart are loaded lazily; on a busy 2-core machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

export type Call = { method: string; path: string; query: URLSearchParams; auth: string | null; body: unknown };
type Handler = (call: Call) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Routes the app's fetches to handlers by "METHOD /path" and records every call, so a test can
 * play the server's part with its real answer shapes. Unknown paths answer 404 like the server.
 */
export function stubServer(handlers: Record<string, Handler>) {
  setRuntimeConfig({ apiBaseUrl: '/api/v1', scanApiBaseUrl: '/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        auth: headers.Authorization ?? null,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      const answer = handler ? await handler(call) : { status: 404, body: { detail: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export function renderWithApp(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
