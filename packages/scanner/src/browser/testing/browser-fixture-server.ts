import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const PAGES_DIR = fileURLToPath(new URL('../../../../../fixtures/browser/', import.meta.url));

/** A 1x1 PNG, for the fixtures' images. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** The favicon: a drawn icon, so that it has a hash for look-alike search (a single pixel has none). */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#fff"/>' +
  '<circle cx="11" cy="16" r="8" fill="#0a3"/><rect x="20" y="6" width="8" height="20" fill="#222"/></svg>';
/** What the fixture offers as a download: a PE header and some padding. */
export const DOWNLOAD_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4094, 0x90)]);
export const HUGE_PAGE_BYTES = 50 * 1024 * 1024;
/** A download far past any cap, served without a length: only the bytes the browser reads are sent. */
export const HUGE_DOWNLOAD_BYTES = 300 * 1024 * 1024;

export interface BrowserFixtureServer {
  /** `host:port` the public fixture answers on. */
  port: number;
  /** Requests the internal stand-in received, by path: must stay empty when the guard works. */
  internalHits: string[];
  /** Every path the public site was asked for, in order (who fetched a page how often). */
  pageHits: string[];
  internalPort: number;
  /** Bytes of the huge download the browser has taken so far. */
  hugeDownloadSent(): number;
  close(): Promise<void>;
}

const listen = (server: http.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

/**
 * The browser fixtures: a "public" site on `publicAddress` (tests name it through the loopback DNS
 * and exempt that one address) and an internal stand-in on 127.0.0.1 that records every hit.
 */
export async function startBrowserFixtureServer(options: { publicAddress: string; internalHost: string }): Promise<BrowserFixtureServer> {
  const internalHits: string[] = [];
  const pageHits: string[] = [];
  let hugeSent = 0;
  const internal = http.createServer((request, response) => {
    internalHits.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
  });
  internal.on('upgrade', (request, socket) => {
    internalHits.push(request.url ?? '/');
    socket.destroy();
  });
  const internalPort = await listen(internal, '127.0.0.1');
  const fill = (file: string) =>
    readFileSync(PAGES_DIR + file, 'utf8')
      .replaceAll('{{internal}}', `${options.internalHost}:${internalPort}`)
      .replaceAll('{{internalIp}}', `127.0.0.1:${internalPort}`);
  const html = (response: http.ServerResponse, body: string, headers: http.OutgoingHttpHeaders = {}) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const userAgent = request.headers['user-agent'] ?? '';
    pageHits.push(url.pathname);
    switch (url.pathname) {
      case '/unhurried':
        return html(response, '<!doctype html><title>Unhurried shop</title><h1>Fetched over the wire</h1>');
      case '/start':
        return response.writeHead(302, { location: '/hop' }).end();
      case '/hop':
        return html(response, fill('client-redirect.html'));
      case '/computed':
        return html(response, fill('computed-redirect.html'));
      case '/landing':
        return html(response, fill('landing.html'), { 'set-cookie': 'session=abc123; Path=/; HttpOnly' });
      case '/api/status':
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"state":"in transit"}');
      case '/static/logo.png':
        return response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PIXEL);
      case '/static/favicon.png':
        return response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' }).end(ICON);
      case '/download':
        return html(response, fill('download.html'));
      case '/huge-download':
        return html(response, fill('download.html').replace('/files/invoice-viewer.exe', '/files/disk-filler.bin'));
      case '/files/disk-filler.bin': {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="disk-filler.bin"',
        });
        const chunk = Buffer.alloc(1024 * 1024, 0x41);
        const more = () => {
          while (hugeSent < HUGE_DOWNLOAD_BYTES && !response.destroyed) {
            hugeSent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end();
        };
        return more();
      }
      case '/files/invoice-viewer.exe':
        return response
          .writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="invoice-viewer.exe"',
          })
          .end(DOWNLOAD_BYTES);
      case '/reach-inside':
        return html(response, fill('reach-inside.html'));
      case '/redirect-inside':
        return response.writeHead(302, { location: `http://${options.internalHost}:${internalPort}/redirected` }).end();
      case '/popups':
        return html(response, fill('popups.html'));
      case '/popup':
        return html(response, '<title>Popup</title><p>popup</p>');
      case '/busy':
        return html(response, fill('busy.html'));
      case '/cloaked':
        return html(response, fill(/Googlebot/i.test(userAgent) ? 'cloaked-crawler.html' : 'cloaked-browser.html'));
      case '/never':
        // Headers and the start of a page, then nothing: the connection stays open for good.
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write('<!doctype html><html><head><title>Almost there</title></head><body><h1>Loading forever</h1>');
        return;
      case '/loop': {
        const step = Number(url.searchParams.get('n') ?? '0');
        return response.writeHead(302, { location: `/loop?n=${step + 1}` }).end();
      }
      case '/huge':
        return streamHugePage(response);
      default:
        return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  const port = await listen(server, options.publicAddress);
  return {
    port,
    internalHits,
    pageHits,
    hugeDownloadSent: () => hugeSent,
    internalPort,
    async close() {
      server.closeAllConnections();
      internal.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => internal.close(resolve))]);
    },
  };
}

/** 50 MB of paragraphs, written as the client reads them. */
function streamHugePage(response: http.ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(HUGE_PAGE_BYTES) });
  const head = '<!doctype html><html><head><title>Huge page</title></head><body>';
  const line = Buffer.from('<p>All work and no play makes a huge page. '.padEnd(1023, '.') + '\n');
  let sent = Buffer.byteLength(head);
  response.write(head);
  const pump = () => {
    while (sent < HUGE_PAGE_BYTES) {
      const chunk = line.subarray(0, Math.min(line.length, HUGE_PAGE_BYTES - sent));
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end();
  };
  response.on('close', () => response.removeAllListeners('drain'));
  pump();
}
