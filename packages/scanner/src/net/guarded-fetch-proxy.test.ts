import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../scan.ts';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy.ts';
import { startSocks5Proxy } from '../testing/socks5-proxy.ts';
import { createTestCa, type TestCa } from '../testing/test-ca.ts';
import { guardedFetch, GuardedFetchError } from './guarded-fetch.ts';
import { createResolver } from './resolver.ts';

const SHOP = 'shop.example-public.com';
const INTERNAL = 'admin.corp-intranet.com';

let dns: LoopbackDns;
let ca: TestCa;
let site: http.Server;
let secureSite: https.Server;
let sitePort: number;
let securePort: number;
let country: RecordingProxy;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return (server.address() as AddressInfo).port;
};

const handler: http.RequestListener = (request, response) => {
  if (request.url === '/to-internal') return response.writeHead(302, { location: `http://${INTERNAL}/` }).end();
  response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Shop</title><p>public page</p>');
};

beforeAll(async () => {
  dns = await startLoopbackDns({ [SHOP]: ['127.0.0.2'], [INTERNAL]: ['10.0.0.8'] });
  ca = createTestCa();
  site = http.createServer(handler);
  const now = Date.now();
  secureSite = https.createServer(
    ca.issue({ hostnames: [SHOP], notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 30 * 86_400_000) }),
    handler,
  );
  sitePort = await listen(site);
  securePort = await listen(secureSite);
  country = await startRecordingProxy('127.0.0.2');
});

afterAll(async () => {
  site.closeAllConnections();
  secureSite.closeAllConnections();
  await Promise.all([
    dns.close(),
    country.close(),
    new Promise((resolve) => site.close(resolve)),
    new Promise((resolve) => secureSite.close(resolve)),
  ]);
});

/** The production rules bar the one exempt fixture address, leaving through the "country" proxy. */
const viaCountry = () => ({
  resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }),
  exemptAddresses: ['127.0.0.2'],
  trustedCertificates: [ca.caPem],
  upstreamProxyUrl: country.url('scan-de:proxy-pass'),
});

describe('static fetch from a chosen scan location', () => {
  it('tunnels plain HTTP through the country proxy to the checked address, with its credentials', async () => {
    country.seen.length = 0;
    const response = await guardedFetch(`http://${SHOP}:${sitePort}/offers`, viaCountry());
    expect(response.status).toBe(200);
    expect(response.body.toString()).toContain('public page');
    expect(country.seen).toEqual([
      expect.objectContaining({ kind: 'connect', hostname: '127.0.0.2', port: sitePort, username: 'scan-de' }),
    ]);
  });

  it('tunnels HTTPS through the country proxy and still reads the site’s own certificate', async () => {
    country.seen.length = 0;
    const response = await guardedFetch(`https://${SHOP}:${securePort}/`, viaCountry());
    expect(response.body.toString()).toContain('public page');
    expect(response.tls?.authorized).toBe(true);
    expect(response.tls?.certificate?.subject.CN).toBe(SHOP);
    expect(country.seen).toEqual([expect.objectContaining({ kind: 'connect', hostname: '127.0.0.2', port: securePort })]);
  });

  it('checks every target before the proxy hears of it: an internal host or a redirect to one never reaches it', async () => {
    country.seen.length = 0;
    const direct = await guardedFetch(`http://${INTERNAL}/`, viaCountry()).catch((error: unknown) => error);
    expect(direct).toBeInstanceOf(GuardedFetchError);
    expect(direct).toMatchObject({ code: 'forbidden_address' });
    expect(country.seen).toEqual([]);

    const redirected = await guardedFetch(`http://${SHOP}:${sitePort}/to-internal`, viaCountry()).catch((error: unknown) => error);
    expect(redirected).toMatchObject({ code: 'forbidden_address', failedUrl: `http://${INTERNAL}/` });
    expect(country.seen.map((entry) => entry.hostname)).toEqual(['127.0.0.2']);
  });

  it('leaves through a SOCKS5 country proxy for plain HTTP and HTTPS alike', async () => {
    const socks = await startSocks5Proxy('127.0.0.2');
    try {
      const options = { ...viaCountry(), upstreamProxyUrl: socks.url('scan-us:proxy-pass') };
      expect((await guardedFetch(`http://${SHOP}:${sitePort}/`, options)).body.toString()).toContain('public page');
      const secure = await guardedFetch(`https://${SHOP}:${securePort}/`, options);
      expect(secure.tls?.certificate?.subject.CN).toBe(SHOP);
      await expect(guardedFetch(`http://${INTERNAL}/`, options)).rejects.toMatchObject({ code: 'forbidden_address' });
      expect(socks.seen).toEqual([
        { hostname: '127.0.0.2', port: sitePort, username: 'scan-us' },
        { hostname: '127.0.0.2', port: securePort, username: 'scan-us' },
      ]);
    } finally {
      await socks.close();
    }
  });

  it('is where scan() leaves from when its network options name the proxy', async () => {
    country.seen.length = 0;
    const result = await scan(`http://${SHOP}:${sitePort}/`, {
      network: { resolver: viaCountry().resolver, allowPrivateNetworks: true, upstreamProxyUrl: country.url() },
    });
    expect(result.final_url).toBe(`http://${SHOP}:${sitePort}/`);
    expect(country.seen.some((entry) => entry.kind === 'connect' && entry.hostname === '127.0.0.2')).toBe(true);
  });
});

describe('a name that rebinds between the scanner and the country proxy', () => {
  const REBINDING = 'rebind.example-public.com';
  let proxyDns: LoopbackDns;
  let rebindingProxy: RecordingProxy;
  let internal: http.Server;
  let secureInternal: https.Server;

  beforeAll(async () => {
    // The scanner's DNS answers the public fixture address; the proxy's own DNS an internal one
    // (127.0.0.3), where an "internal" server listens on the same ports as the public site.
    dns.set(REBINDING, ['127.0.0.2']);
    proxyDns = await startLoopbackDns({ [REBINDING]: ['127.0.0.3'] });
    const secret: http.RequestListener = (_request, response) => response.end('internal secret');
    internal = http.createServer(secret);
    const now = Date.now();
    const certificate = ca.issue({ hostnames: [REBINDING], notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 86_400_000) });
    secureInternal = https.createServer(certificate, secret);
    await new Promise<void>((resolve) => internal.listen(sitePort, '127.0.0.3', resolve));
    await new Promise<void>((resolve) => secureInternal.listen(securePort, '127.0.0.3', resolve));
    rebindingProxy = await startRecordingProxy('127.0.0.2', {}, proxyDns.server);
  });

  afterAll(async () => {
    internal.closeAllConnections();
    secureInternal.closeAllConnections();
    await Promise.all([
      proxyDns.close(),
      rebindingProxy.close(),
      new Promise((resolve) => internal.close(resolve)),
      new Promise((resolve) => secureInternal.close(resolve)),
    ]);
  });

  it('hands the proxy the pinned address, so its own DNS cannot send the fetch inside', async () => {
    const options = { ...viaCountry(), upstreamProxyUrl: rebindingProxy.url() };
    const plain = await guardedFetch(`http://${REBINDING}:${sitePort}/`, options);
    const secure = await guardedFetch(`https://${REBINDING}:${securePort}/`, options);
    expect(plain.body.toString()).toContain('public page');
    expect(secure.body.toString()).toContain('public page');
    expect(rebindingProxy.seen.map((entry) => `${entry.kind} ${entry.hostname}:${entry.port}`)).toEqual([
      `connect 127.0.0.2:${sitePort}`,
      `connect 127.0.0.2:${securePort}`,
    ]);
  });
});
