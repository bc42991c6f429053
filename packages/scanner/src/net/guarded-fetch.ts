import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import tls, { type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { checkEgressTarget, EgressRefusedError, type EgressPolicy, type EgressRefusal, type PinnedTarget } from './egress-guard.ts';
import type { ResolvedAddress } from './resolver.ts';
import { untilAborted } from './until-aborted.ts';
import { trustingTls } from './trusted-certificates.ts';
import { openTunnel } from './upstream-proxy.ts';

export const FETCH_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 10 } as const;

export interface GuardedFetchOptions extends EgressPolicy {
  /** GET unless told; HEAD asks where a link leads without its body. */
  method?: 'GET' | 'HEAD';
  userAgent?: string;
  headers?: Readonly<Record<string, string>>;
  /** Whole-request deadline, redirects included. */
  timeoutMs?: number;
  /** Decoded body bytes kept; the rest is not read. */
  maxBytes?: number;
  maxRedirects?: number;
  followRedirects?: boolean;
  /** Extra trusted CA certificates (PEM), e.g. the fixtures' test CA. */
  trustedCertificates?: readonly string[];
  /**
   * Connect to another port than the URL's, like curl's `--connect-to`: lets loopback fixtures
   * answer `https://shop.example/` without a non-standard port showing in the URL. Tests only.
   */
  connectPorts?: Readonly<Record<number, number>>;
  /**
   * The chosen scan location's proxy: every request leaves through it, each target checked here
   * first and the proxy asked for a tunnel to the checked address (the name stays in Host and SNI).
   * The proxy makes the connection, so `connectPorts` does not apply then.
   */
  upstreamProxyUrl?: string | null;
  signal?: AbortSignal;
}

/** A response that sent the scan elsewhere. */
export interface FetchHop {
  url: string;
  status: number;
  location: string;
  address: string;
}

export interface PeerTls {
  protocol: string | null;
  authorized: boolean;
  authorizationError: string | null;
  certificate: DetailedPeerCertificate | null;
}

export interface GuardedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  address: ResolvedAddress;
  hops: FetchHop[];
  tls: PeerTls | null;
}

export type GuardedFetchFailure = EgressRefusal | 'too_many_redirects' | 'timeout' | 'network';

export class GuardedFetchError extends Error {
  constructor(
    readonly code: GuardedFetchFailure,
    message: string,
    /** Hops completed before the failure: a chain that ends at an internal address is itself evidence. */
    readonly hops: FetchHop[],
    readonly failedUrl: string,
    /** The system's error code of a failed connection (`ECONNREFUSED`, `ERR_SSL_…`), when there is one. */
    readonly errno: string | null = null,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }

  get refused(): boolean {
    return this.code !== 'too_many_redirects' && this.code !== 'timeout' && this.code !== 'network';
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a URL on a user's behalf through the egress guard: every hop is resolved with the
 * scanner's resolver, checked, and connected to at exactly the checked address; redirects are
 * followed by hand so each target is checked again; time, bytes and hops are capped.
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? FETCH_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const hops: FetchHop[] = [];
  let url = new URL(input);

  for (;;) {
    let target: PinnedTarget;
    try {
      target = await untilAborted(checkEgressTarget(url, options), signal);
    } catch (error) {
      if (error instanceof EgressRefusedError) throw new GuardedFetchError(error.code, error.message, hops, url.href);
      if (signal.aborted) throw new GuardedFetchError('timeout', `Timed out after ${timeoutMs} ms`, hops, url.href);
      throw error;
    }

    const response = await requestOnce(url, target, options, signal).catch((error: unknown) => {
      const code = signal.aborted ? 'timeout' : 'network';
      const reason = signal.aborted ? `Timed out after ${timeoutMs} ms` : (error as Error).message;
      const errno = (error as NodeJS.ErrnoException).code;
      throw new GuardedFetchError(code, reason, hops, url.href, typeof errno === 'string' ? errno : null);
    });

    const location = response.headers.location;
    if (options.followRedirects === false || !REDIRECT_STATUSES.has(response.status) || !location) return { ...response, hops };
    const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
    if (!next) return { ...response, hops };
    hops.push({ url: url.href, status: response.status, location: next.href, address: target.address.address });
    if (hops.length > maxRedirects) {
      throw new GuardedFetchError('too_many_redirects', `More than ${maxRedirects} redirects`, hops, next.href);
    }
    url = next;
  }
}

type SingleResponse = Omit<GuardedResponse, 'hops'>;

function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
}

/** TLS settings for the target: invalid certificates are findings, not reasons to stop looking; nothing secret is sent. */
function targetTls(target: PinnedTarget, options: GuardedFetchOptions): tls.ConnectionOptions {
  const isNamedHost = !target.hostname.includes(':') && !/^[\d.]+$/.test(target.hostname);
  return {
    rejectUnauthorized: false,
    ...(isNamedHost ? { servername: target.hostname } : {}),
    ...trustingTls(options.trustedCertificates),
  };
}

/**
 * How the request reaches its target: directly at the checked address, or through the country
 * proxy by a tunnel to that same address (plain HTTP, or our own TLS on top for HTTPS, so the
 * certificate is still the target's and still read here). Never an absolute-URL request: the
 * proxy would resolve the name again, and could get another answer.
 */
async function route(url: URL, target: PinnedTarget, options: GuardedFetchOptions, signal: AbortSignal): Promise<https.RequestOptions> {
  const isHttps = url.protocol === 'https:';
  const proxy = options.upstreamProxyUrl ? new URL(options.upstreamProxyUrl) : null;
  if (!proxy) {
    return {
      host: target.hostname,
      port: options.connectPorts?.[target.port] ?? target.port,
      path: `${url.pathname}${url.search}`,
      lookup: pinnedLookup(target.address),
      agent: false,
      ...(isHttps ? targetTls(target, options) : {}),
    };
  }
  const tunnel = await openTunnel(proxy, target.address.address, target.port, signal);
  const connection: Socket = isHttps ? tls.connect({ socket: tunnel, ...targetTls(target, options) }) : tunnel;
  return { path: `${url.pathname}${url.search}`, createConnection: () => connection };
}

async function requestOnce(url: URL, target: PinnedTarget, options: GuardedFetchOptions, signal: AbortSignal): Promise<SingleResponse> {
  const isHttps = url.protocol === 'https:';
  const requestOptions: https.RequestOptions = {
    method: options.method ?? 'GET',
    ...(await route(url, target, options, signal)),
    signal,
    headers: {
      host: url.host,
      'user-agent':
        options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
      ...options.headers,
    },
  };
  const maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes;

  return new Promise((resolve, reject) => {
    const request = (isHttps ? https : http).request(requestOptions, (response) => {
      const peerTls = isHttps ? describePeer(response.socket as TLSSocket) : null;
      const headers = flattenHeaders(response.headers);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && headers.location) {
        response.destroy();
        resolve({ url: url.href, status, headers, body: Buffer.alloc(0), truncated: false, address: target.address, tls: peerTls });
        return;
      }
      readCapped(decoded(response, headers['content-encoding']), maxBytes).then(({ body, truncated }) => {
        response.destroy();
        resolve({ url: url.href, status, headers, body, truncated, address: target.address, tls: peerTls });
      }, reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function describePeer(socket: TLSSocket): PeerTls {
  const certificate = socket.getPeerCertificate(true);
  return {
    protocol: socket.getProtocol(),
    authorized: socket.authorized,
    authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
    certificate: certificate && Object.keys(certificate).length > 0 ? certificate : null,
  };
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function decoded(response: http.IncomingMessage, encoding: string | undefined): Readable {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/** Reads at most `maxBytes` decoded bytes, so neither a huge page nor a compression bomb gets through. */
function readCapped(stream: Readable, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      const body = Buffer.concat(chunks);
      resolve({ body: truncated ? body.subarray(0, maxBytes) : body, truncated });
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        finish(true);
        stream.destroy();
      }
    });
    stream.on('end', () => finish(false));
    stream.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
  });
}
