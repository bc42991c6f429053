import type { RuntimeConfig } from '@riskscan/contracts';
import { getRuntimeConfig } from './runtime-config.ts';

/** The four services of DESIGN §4, each behind its own base URL. */
export type ApiService = 'api' | 'scanApi' | 'payments' | 'cms';

const BASE_KEYS: Record<ApiService, keyof RuntimeConfig> = {
  api: 'apiBaseUrl',
  scanApi: 'scanApiBaseUrl',
  payments: 'paymentBaseUrl',
  cms: 'cmsBaseUrl',
};

/** A non-2xx answer; `body` is the parsed error shape (`{detail}` or `{field: [...]}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(ApiError.describe(body) ?? `Request failed with status ${status}`);
  }

  /** The server's own words for what went wrong, if it gave any. */
  static describe(body: unknown): string | undefined {
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
    return undefined;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A body sent as it is (a file), with its media type, instead of JSON. */
  raw?: { data: Blob | string; type: string };
  /** Session token; sent as `Authorization: Bearer <token>`. */
  token?: string;
  signal?: AbortSignal;
  /** `blob` for a file the server makes (a report's PDF): the answer's bytes instead of parsed JSON. */
  as?: 'json' | 'blob';
};

export function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = new URL(`${base.replace(/\/$/, '')}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or gateway error page is not JSON; keep its text for the error.
    return text;
  }
}

/** Calls one of the product's services and returns the parsed JSON body. */
export async function apiRequest<T>(service: ApiService, path: string, options: RequestOptions = {}): Promise<T> {
  const config = await getRuntimeConfig();
  const headers: Record<string, string> = { Accept: options.as === 'blob' ? '*/*' : 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.raw) headers['Content-Type'] = options.raw.type;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const sendsBody = options.body !== undefined || options.raw !== undefined;
  const response = await fetch(buildUrl(config[BASE_KEYS[service]], path, options.query), {
    method: options.method ?? (sendsBody ? 'POST' : 'GET'),
    headers,
    body: options.raw ? options.raw.data : options.body === undefined ? null : JSON.stringify(options.body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.as === 'blob' && response.ok) return (await response.blob()) as T;
  const body = parseBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
