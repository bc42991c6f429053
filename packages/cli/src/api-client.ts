import { CliError, EXIT_NOT_JUDGED, EXIT_UNREACHABLE, EXIT_USAGE } from './cli-errors.ts';

/**
 * A riskscan server, the API key to call it with (`--server` or `RISKSCAN_URL`, `RISKSCAN_API_KEY`)
 * and how long one request may take (`--timeout`).
 */
export type ServerSettings = { baseUrl: string; apiKey: string; timeoutMs?: number };

/** Seconds a command waits for the server by default: a full scan takes up to about 100 s. */
export const DEFAULT_TIMEOUT_SECONDS = 180;

/**
 * The server answered with an error status; the message carries its `detail` or field errors. A
 * 4xx is the request's fault (exit 2); a 5xx judged nothing (exit 4).
 */
export class ApiError extends CliError {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(describeError(status, body), status >= 500 ? EXIT_NOT_JUDGED : EXIT_USAGE);
    this.status = status;
    this.body = body;
  }
}

function describeError(status: number, body: unknown): string {
  const hint = status === 401 ? ' Check RISKSCAN_API_KEY.' : '';
  if (body && typeof body === 'object') {
    if ('detail' in body) return `${status}: ${String((body as { detail: unknown }).detail)}${hint}`;
    return `${status}: ${Object.entries(body)
      .map(([field, messages]) => `${field}: ${([] as unknown[]).concat(messages).join(' ')}`)
      .join('; ')}`;
  }
  return `${status}: ${String(body ?? 'no answer')}${hint}`;
}

export function settingsFrom(env: NodeJS.ProcessEnv, server?: string, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): ServerSettings {
  const baseUrl = server ?? env.RISKSCAN_URL;
  const apiKey = env.RISKSCAN_API_KEY;
  if (!baseUrl || !apiKey) {
    throw new CliError('Set RISKSCAN_URL (or --server, e.g. https://riskscan.example) and RISKSCAN_API_KEY (rsk_…).');
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(`The server address "${baseUrl}" is not an http or https URL: set --server or RISKSCAN_URL.`);
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, timeoutMs: timeoutSeconds * 1000 };
}

export type RequestOptions = {
  method?: 'GET' | 'POST';
  json?: unknown;
  body?: Uint8Array;
  contentType?: string;
  /** Told how long we wait after a 429, for the progress line. */
  onThrottled?: (seconds: number) => void;
  /** Tests shorten waits; the default sleeps for real. */
  sleep?: (ms: number) => Promise<void>;
};

const MAX_THROTTLED_RETRIES = 5;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds a 429 asks us to wait: `Retry-After` (seconds or a date), else `RateLimit-Reset`, else 1. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = Number(headers.get('ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? reset : 1;
}

/** `fetch` within the timeout, with "fetch failed" turned into a sentence that says what to check (exit 3). */
async function send(settings: ServerSettings, path: string, init: RequestInit): Promise<{ response: Response; text: string }> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
  try {
    // The whole answer, body included, within the time: a server may send headers and then stall.
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(`${settings.baseUrl}${path}`, { ...init, signal });
    return { response, text: await response.text() };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new CliError(
        `The riskscan server at ${settings.baseUrl} did not answer within ${timeoutMs / 1000} s; try again or raise --timeout.`,
        EXIT_UNREACHABLE,
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(
      `Could not reach the riskscan server at ${settings.baseUrl} (${reason}): is it running? Set --server or RISKSCAN_URL.`,
      EXIT_UNREACHABLE,
    );
  }
}

/** One API call; a 429 is waited out (Retry-After) and retried, other errors throw ApiError. */
export async function callApi<T>(
  settings: ServerSettings,
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; body: T }> {
  const sleep = options.sleep ?? realSleep;
  const headers: Record<string, string> = { authorization: `Api-Key ${settings.apiKey}`, accept: 'application/json' };
  let payload: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    payload = options.body;
  }
  for (let attempt = 0; ; attempt++) {
    const { response, text } = await send(settings, path, { method: options.method ?? 'GET', headers, body: payload });
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text for the message
    }
    if (response.status === 429 && attempt < MAX_THROTTLED_RETRIES) {
      const seconds = retryAfterSeconds(response.headers);
      options.onThrottled?.(seconds);
      await sleep(seconds * 1000);
      continue;
    }
    if (response.status >= 400) throw new ApiError(response.status, body);
    if (typeof body !== 'object' || body === null) {
      throw new CliError(
        `${settings.baseUrl} answered ${path} with something other than JSON: is RISKSCAN_URL a riskscan server?`,
        EXIT_USAGE,
      );
    }
    return { status: response.status, body: body as T };
  }
}
