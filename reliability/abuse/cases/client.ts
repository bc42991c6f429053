/** The API as the cases call it: JSON in and out, the status kept, nothing thrown for a 4xx/5xx. */
export type ApiAnswer = { status: number; body: unknown; seconds: number };

export function apiClient(base: string) {
  return async function call(
    path: string,
    options: { method?: string; token?: string; json?: unknown; timeoutMs?: number } = {},
  ): Promise<ApiAnswer> {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 180_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body, seconds: (performance.now() - started) / 1000 };
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

export const seconds = (value: number) => value.toFixed(1);
