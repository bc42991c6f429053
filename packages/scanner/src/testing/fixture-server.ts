import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TestCa } from './test-ca.ts';

export const FIXTURE_SITES_DIR = fileURLToPath(new URL('../../../../fixtures/sites/', import.meta.url));

const DAY_MS = 86_400_000;

const routeSchema = z.union([
  z.object({ redirect: z.string(), status: z.number().int().default(302) }),
  z.object({ redirectToQuery: z.string(), status: z.number().int().default(302) }),
  z.object({
    file: z.string(),
    status: z.number().int().default(200),
    headers: z.record(z.string(), z.string()).default({}),
    /** Cloaking: the first entry whose pattern matches the User-Agent header serves its file instead. */
    byUserAgent: z.array(z.object({ pattern: z.string(), file: z.string() })).default([]),
  }),
]);

/** `fixtures/sites/<host>/site.json`: how the fixture host behaves and what a scan should conclude. */
export const siteManifestSchema = z.object({
  /**
   * `support` hosts only serve other fixtures (e.g. a redirector in a chain) and are not scored alone;
   * `cloaking` hosts show their lure only to some viewers, so a scan as one viewer alone may miss it.
   */
  kind: z.enum(['benign', 'malicious', 'support', 'cloaking']),
  description: z.string(),
  /** Where a scan starts, relative to the host (scheme included). */
  entry: z.string().default('https:///'),
  /** Other host names served from the same folder (redirect targets, www). */
  aliases: z.array(z.string()).default([]),
  tls: z.enum(['valid', 'self-signed', 'expired', 'mismatch']).default('valid'),
  /** Answer plain-http requests with a 301 to the same path over https, as most real sites do. */
  forceHttps: z.boolean().default(false),
  certAgeDays: z.number().int().min(0).default(90),
  headers: z.record(z.string(), z.string()).default({}),
  routes: z.record(z.string(), routeSchema).default({}),
  /** For malicious sites: a classification the scan must report. */
  expectedClassification: z.string().optional(),
  /**
   * A kit whose harm only a browser shows (its form in a same-site frame, its login behind a timed
   * script hop): static scans, and the page model that learns from static pages, leave it to the
   * Chromium tests (`page-judgement-fixtures.test.ts`).
   */
  browserOnly: z.boolean().default(false),
});
export type SiteManifest = z.infer<typeof siteManifestSchema>;

export interface FixtureSite {
  host: string;
  manifest: SiteManifest;
  /** The URL a scan starts from. */
  entryUrl: string;
  dir: string;
}

export function loadFixtureSites(sitesDir = FIXTURE_SITES_DIR): FixtureSite[] {
  return readdirSync(sitesDir)
    .filter((name) => statSync(path.join(sitesDir, name)).isDirectory())
    .sort()
    .map((host) => {
      const dir = path.join(sitesDir, host);
      const manifest = siteManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, 'site.json'), 'utf8')));
      const entry = new URL(manifest.entry.replace(':///', `://${host}/`));
      return { host, manifest, entryUrl: entry.href, dir };
    });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

export interface FixtureServer {
  httpPort: number;
  httpsPort: number;
  sites: FixtureSite[];
  /** Every host name served (site hosts and their aliases). */
  hosts: string[];
  /** `host path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

function certificateFor(site: FixtureSite, ca: TestCa, now: number): tls.SecureContext {
  const { tls: mode, certAgeDays } = site.manifest;
  const names = mode === 'mismatch' ? ['default.fixture-hosting.net'] : [site.host, ...site.manifest.aliases];
  const notBefore = mode === 'expired' ? new Date(now - 400 * DAY_MS) : new Date(now - certAgeDays * DAY_MS);
  const notAfter = mode === 'expired' ? new Date(now - 10 * DAY_MS) : new Date(notBefore.getTime() + 397 * DAY_MS);
  const issued = ca.issue({ hostnames: names, notBefore, notAfter, selfSigned: mode === 'self-signed' });
  return tls.createSecureContext({ key: issued.key, cert: mode === 'self-signed' ? issued.cert : issued.cert + ca.caPem });
}

function resolveFile(site: FixtureSite, pathname: string): string | null {
  const publicDir = path.join(site.dir, 'public');
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
  const candidates = relative === '' ? ['index.html'] : [relative, `${relative}.html`, path.join(relative, 'index.html')];
  for (const candidate of candidates) {
    const file = path.resolve(publicDir, candidate);
    if (!file.startsWith(publicDir + path.sep)) return null;
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // next candidate
    }
  }
  return null;
}

/** The file a route serves to this visitor: the first `byUserAgent` entry matching its agent, else the route's own. */
function fileFor(route: { file: string; byUserAgent: { pattern: string; file: string }[] }, request: http.IncomingMessage): string {
  const agent = request.headers['user-agent'] ?? '';
  return route.byUserAgent.find((entry) => new RegExp(entry.pattern, 'i').test(agent))?.file ?? route.file;
}

function respond(site: FixtureSite | undefined, request: http.IncomingMessage, response: http.ServerResponse, secure: boolean): void {
  if (!site) {
    response.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
    return;
  }
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? site.host}`);
  if (!secure && site.manifest.forceHttps) {
    response.writeHead(301, { location: `https://${url.hostname}${url.pathname}${url.search}` }).end();
    return;
  }
  const route = site.manifest.routes[url.pathname];
  const headers = { ...site.manifest.headers };
  if (route && 'redirect' in route) {
    response.writeHead(route.status, { ...headers, location: route.redirect }).end();
    return;
  }
  if (route && 'redirectToQuery' in route) {
    const target = url.searchParams.get(route.redirectToQuery);
    response.writeHead(target ? route.status : 400, target ? { ...headers, location: target } : headers).end();
    return;
  }
  const file = route && 'file' in route ? path.join(site.dir, 'public', fileFor(route, request)) : resolveFile(site, url.pathname);
  if (!file) {
    response
      .writeHead(404, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>404 Not Found</title><h1>Not Found</h1>');
    return;
  }
  const status = route && 'file' in route ? route.status : 200;
  const routeHeaders = route && 'file' in route ? route.headers : {};
  const contentType = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  response.writeHead(status, { 'content-type': contentType, ...headers, ...routeHeaders }).end(readFileSync(file));
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Serves `fixtures/sites/<host>/public` over http and https on loopback, choosing the site by
 * Host header (and TLS SNI), with certificates from `ca` that are fresh, old, expired,
 * self-signed or for the wrong name as each manifest says.
 */
export async function startFixtureServer(
  ca: TestCa,
  { sitesDir = FIXTURE_SITES_DIR, httpPort = 0, httpsPort = 0 }: { sitesDir?: string; httpPort?: number; httpsPort?: number } = {},
): Promise<FixtureServer> {
  const sites = loadFixtureSites(sitesDir);
  const byHost = new Map<string, FixtureSite>();
  for (const site of sites) for (const host of [site.host, ...site.manifest.aliases]) byHost.set(host, site);
  const now = Date.now();
  // Issued on a site's first TLS handshake: signing one for each of the sixty-odd sites up front
  // made every test that starts the fixture world wait for all of them.
  const contexts = new Map<FixtureSite, tls.SecureContext>();
  const contextFor = (servername: string): tls.SecureContext | undefined => {
    const site = byHost.get(servername.toLowerCase());
    if (!site) return undefined;
    let context = contexts.get(site);
    if (!context) {
      context = certificateFor(site, ca, now);
      contexts.set(site, context);
    }
    return context;
  };
  const fallback = ca.issue({
    hostnames: ['default.fixture-hosting.net'],
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 90 * DAY_MS),
  });
  const requests: string[] = [];
  const handler = (secure: boolean) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    requests.push(`${host} ${request.url ?? '/'}`);
    respond(byHost.get(host), request, response, secure);
  };
  const plain = http.createServer(handler(false));
  const secure = https.createServer(
    {
      key: fallback.key,
      cert: fallback.cert,
      SNICallback: (servername, callback) => callback(null, contextFor(servername)),
    },
    handler(true),
  );
  const [boundHttp, boundHttps] = await Promise.all([listen(plain, httpPort), listen(secure, httpsPort)]);
  return {
    httpPort: boundHttp,
    httpsPort: boundHttps,
    sites,
    hosts: [...byHost.keys()],
    requests,
    close: async () => {
      plain.closeAllConnections();
      secure.closeAllConnections();
      await Promise.all([new Promise((resolve) => plain.close(resolve)), new Promise((resolve) => secure.close(resolve))]);
    },
  };
}
