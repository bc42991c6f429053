import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy.ts';
import { startEgressProxy } from './egress-proxy.ts';

let dns: LoopbackDns;
let site: http.Server;
let sitePort: number;
let upstream: RecordingProxy;

const policy = () => ({ resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }), exemptAddresses: ['127.0.0.2'] });

/** A GET through an HTTP proxy, as a browser sends it: the absolute URL on the request line. */
function getVia(proxyUrl: string, target: string): Promise<{ status: number; body: string }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: proxy.hostname, port: proxy.port, path: target, headers: { host: new URL(target).host } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  dns = await startLoopbackDns({ 'shop.example-public.com': ['127.0.0.2'], 'admin.corp-intranet.com': ['10.0.0.8'] });
  site = http.createServer((_request, response) => response.end('public page'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  sitePort = (site.address() as AddressInfo).port;
  // The country proxy resolves names on its own side; here it knows the fixture's name.
  upstream = await startRecordingProxy('127.0.0.2');
});

afterAll(async () => {
  site.closeAllConnections();
  await Promise.all([dns.close(), new Promise((resolve) => site.close(resolve)), upstream.close()]);
});

describe('egress proxy', () => {
  it('lets public targets through at the address it checked and reports it', async () => {
    const allowed: string[] = [];
    const proxy = await startEgressProxy({ policy: policy(), onAllowed: (target, address) => allowed.push(`${target}=${address}`) });
    try {
      expect(await getVia(proxy.url, `http://shop.example-public.com:${sitePort}/`)).toEqual({ status: 200, body: 'public page' });
      expect(allowed).toEqual([`shop.example-public.com:${sitePort}=127.0.0.2`]);
    } finally {
      await proxy.close();
    }
  });

  it('refuses private and loopback targets with 403 and records why', async () => {
    const proxy = await startEgressProxy({ policy: policy() });
    try {
      expect((await getVia(proxy.url, 'http://admin.corp-intranet.com/')).status).toBe(403);
      expect((await getVia(proxy.url, `http://127.0.0.1:${sitePort}/`)).status).toBe(403);
      expect(proxy.refusals.map((refusal) => refusal.target)).toEqual(['admin.corp-intranet.com:80', `127.0.0.1:${sitePort}`]);
    } finally {
      await proxy.close();
    }
  });

  it('chains allowed traffic to the country proxy, and never hands it a refused target', async () => {
    upstream.seen.length = 0;
    const proxy = await startEgressProxy({ policy: policy(), upstreamProxyUrl: upstream.url() });
    try {
      expect((await getVia(proxy.url, `http://shop.example-public.com:${sitePort}/`)).body).toBe('public page');
      expect((await getVia(proxy.url, 'http://admin.corp-intranet.com/')).status).toBe(403);
      expect(upstream.seen.map((entry) => entry.hostname)).toEqual(['127.0.0.2']);
    } finally {
      await proxy.close();
    }
  });

  it('hands the country proxy the checked address, so a name rebinding on its side cannot reach inside', async () => {
    // The proxy's own DNS sends the name to 127.0.0.3, where an internal server waits on the same port.
    const proxyDns = await startLoopbackDns({ 'rebind.example-public.com': ['127.0.0.3'] });
    dns.set('rebind.example-public.com', ['127.0.0.2']);
    const internal = http.createServer((_request, response) => response.end('internal secret'));
    await new Promise<void>((resolve) => internal.listen(sitePort, '127.0.0.3', resolve));
    const rebinding = await startRecordingProxy('127.0.0.2', {}, proxyDns.server);
    const proxy = await startEgressProxy({ policy: policy(), upstreamProxyUrl: rebinding.url() });
    try {
      expect((await getVia(proxy.url, `http://rebind.example-public.com:${sitePort}/`)).body).toBe('public page');
      expect(await tunnelVia(proxy.url, `rebind.example-public.com:${sitePort}`)).toContain('public page');
      expect(rebinding.seen.map((entry) => `${entry.kind} ${entry.hostname}`)).toEqual(['connect 127.0.0.2', 'connect 127.0.0.2']);
    } finally {
      await proxy.close();
      await rebinding.close();
      internal.closeAllConnections();
      await new Promise((resolve) => internal.close(resolve));
      await proxyDns.close();
    }
  });

  it('reaches IPv6 literal hosts (bracketed once)', async () => {
    const site6 = http.createServer((_request, response) => response.end('ipv6 page'));
    await new Promise<void>((resolve) => site6.listen(0, '::1', resolve));
    const port = (site6.address() as AddressInfo).port;
    const proxy = await startEgressProxy({ policy: { ...policy(), exemptAddresses: ['::1'] } });
    try {
      expect(await getVia(proxy.url, `http://[::1]:${port}/`)).toEqual({ status: 200, body: 'ipv6 page' });
      expect(await tunnelVia(proxy.url, `[::1]:${port}`)).toContain('ipv6 page');
    } finally {
      await proxy.close();
      site6.closeAllConnections();
      await new Promise((resolve) => site6.close(resolve));
    }
  });
});

/** A CONNECT tunnel through the proxy, then a plain GET inside it: what a browser does for HTTPS and WebSockets. */
function tunnelVia(proxyUrl: string, authority: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: authority });
    request.once('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        resolve(`status ${response.statusCode}`);
        return;
      }
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET / HTTP/1.1\r\nhost: ${authority}\r\nconnection: close\r\n\r\n`);
    });
    request.on('error', reject);
    request.end();
  });
}
