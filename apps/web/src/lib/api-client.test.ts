import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';

const config = { apiBaseUrl: '/api/v1', scanApiBaseUrl: 'https://scan.example.test/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' };

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('builds the URL from the runtime base of the named service', async () => {
    setRuntimeConfig(config);
    const fetchMock = stubFetch(200, '{"ok":true}');
    await expect(apiRequest('scanApi', '/recent-scans/', { query: { page: 2, skip: undefined } })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://scan.example.test/api/recent-scans/?page=2');
  });

  it('sends the session token as a bearer token and JSON bodies', async () => {
    setRuntimeConfig(config);
    const fetchMock = stubFetch(200, '{}');
    await apiRequest('api', '/login/', { body: { email: 'a@b.co' }, token: 't0k' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0k');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('raises the server detail as the error message', async () => {
    setRuntimeConfig(config);
    stubFetch(400, '{"detail":"Oops, something went wrong!"}');
    const error = await apiRequest('api', '/login/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Oops, something went wrong!');
  });

  it('survives an error page that is not JSON', async () => {
    setRuntimeConfig(config);
    stubFetch(502, '<html>Bad gateway</html>');
    const error = (await apiRequest('api', '/health-check/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('<html>Bad gateway</html>');
  });
});
