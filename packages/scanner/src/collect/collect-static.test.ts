import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import { startFixtureWorld, type FixtureWorld } from '../testing/fixture-world.ts';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { collectStatic, type CollectOptions } from './collect-static.ts';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

let world: FixtureWorld;
let dns: LoopbackDns;
let server: http.Server;
let port: number;
let options: CollectOptions;

beforeAll(async () => {
  world = await startFixtureWorld();
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const html = (text: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(text);
    switch (url.pathname) {
      case '/meta':
        return html(page(`<meta http-equiv="refresh" content="0;URL='http://landing.site-b.com:${port}/landing'">`));
      case '/script':
        return html(page('', "<script>window.location.replace('/landing');</script>"));
      case '/script-on-click':
        // A kit's "after submit" redirect to the brand's own site, which this world cannot reach.
        return html(page('', "<form><input type=password></form><script>function go(){location.href='https://nowhere.invalid/'}</script>"));
      case '/slow-meta':
        return html(page('<meta http-equiv="refresh" content="60; url=/landing">', '<p>Read this first</p>'));
      case '/download':
        return html(page('<meta http-equiv="refresh" content="1; url=/files/setup.exe">'));
      case '/chain': {
        const step = Number(url.searchParams.get('n') ?? 0);
        return html(page(`<meta http-equiv="refresh" content="0; url=/chain?n=${step + 1}">`));
      }
      case '/gzip':
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
          .end(gzipSync(page('<title>Compressed</title>')));
      case '/huge':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>' + 'x'.repeat(3 * 1024 * 1024));
      case '/bomb':
        return response
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61)));
      case '/landing':
        return html(page('<title>Landing</title>'));
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dns = await startLoopbackDns({ 'start.site-a.com': ['127.0.0.1'], 'landing.site-b.com': ['127.0.0.1'] });
  options = { resolver: createResolver({ servers: [dns.server] }), allowPrivateNetworks: true };
});

afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([world.close(), dns.close(), new Promise((resolve) => server.close(resolve))]);
});

const at = (path: string) => `http://start.site-a.com:${port}${path}`;

describe('collectStatic', () => {
  it('follows a meta refresh to another host and records it', async () => {
    const collected = await collectStatic(at('/meta'), options);
    expect(collected.finalUrl).toBe(`http://landing.site-b.com:${port}/landing`);
    expect(collected.redirects).toEqual([
      { from: at('/meta'), to: `http://landing.site-b.com:${port}/landing`, kind: 'meta-refresh', status: 200 },
    ]);
    expect(collected.response?.body).toContain('<title>Landing</title>');
    expect(collected.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('follows a simple script redirect', async () => {
    const collected = await collectStatic(at('/script'), options);
    expect(collected.finalUrl).toBe(at('/landing'));
    expect(collected.redirects[0]?.kind).toBe('script');
  });

  it('keeps the page when a script redirect read from its code leads nowhere', async () => {
    const collected = await collectStatic(at('/script-on-click'), options);
    expect(collected.failure).toBeNull();
    expect(collected.finalUrl).toBe(at('/script-on-click'));
    expect(collected.redirects).toEqual([]);
    expect(collected.response?.body).toContain('type=password');
  });

  it('does not follow slow meta refreshes or refreshes to downloads', async () => {
    expect((await collectStatic(at('/slow-meta'), options)).finalUrl).toBe(at('/slow-meta'));
    expect((await collectStatic(at('/download'), options)).finalUrl).toBe(at('/download'));
  });

  it('counts client redirects against the redirect cap', async () => {
    const collected = await collectStatic(at('/chain'), { ...options, maxRedirects: 3 });
    expect(collected.redirects).toHaveLength(3);
    expect(collected.failure?.code).toBe('too_many_redirects');
  });

  it('decodes gzip and caps bodies, compressed or not', async () => {
    expect((await collectStatic(at('/gzip'), options)).response?.body).toContain('<title>Compressed</title>');
    const huge = await collectStatic(at('/huge'), { ...options, maxBytes: 1024 * 1024 });
    expect(huge.response?.truncated).toBe(true);
    expect(huge.response?.bytes).toBe(1024 * 1024);
    const bomb = await collectStatic(at('/bomb'), { ...options, maxBytes: 1024 * 1024 });
    expect(bomb.response?.truncated).toBe(true);
    expect(bomb.response?.bytes).toBe(1024 * 1024);
  });

  it('records an unreachable site as a failure instead of throwing', async () => {
    const collected = await collectStatic('http://nowhere.site-a.com/', options);
    expect(collected.response).toBeNull();
    expect(collected.failure).toMatchObject({ code: 'unresolvable_host', refused: true });
  });

  it('decodes a body by the charset in its meta tag', async () => {
    const site = world.server.sites.find((entry) => entry.host === 'bergstrom-dental.ch')!;
    const collected = await collectStatic(site.entryUrl, world.scanOptions.network as CollectOptions);
    expect(collected.response?.charset).toBe('iso-8859-1');
    expect(collected.response?.body).toContain('Öffnungszeiten');
    expect(collected.redirects).toEqual([
      { from: 'http://bergstrom-dental.ch/', to: 'https://bergstrom-dental.ch/', kind: 'http', status: 301 },
    ]);
  });

  it('describes the final host\u2019s certificate', async () => {
    const network = world.scanOptions.network as CollectOptions;
    const good = await collectStatic('https://pixelforge.app/', network);
    expect(good.tls).toMatchObject({
      trusted: true,
      selfSigned: false,
      hostnameMatches: true,
      expired: false,
      // The fixture's certificate also names its alias, the planted clone of monitoring's test.
      subjectAltNames: ['pixelforge.app', 'pixelforge-account.com'],
    });
    expect(good.tls?.daysSinceIssue).toBe(33);
    expect((await collectStatic('https://expired.cert-lab.net/', network)).tls).toMatchObject({
      trusted: false,
      expired: true,
      error: 'CERT_HAS_EXPIRED',
    });
    expect((await collectStatic('https://self-signed.cert-lab.net/', network)).tls).toMatchObject({ trusted: false, selfSigned: true });
    expect((await collectStatic('https://wrong-host.cert-lab.net/', network)).tls).toMatchObject({
      trusted: false,
      hostnameMatches: false,
    });
  });
});
