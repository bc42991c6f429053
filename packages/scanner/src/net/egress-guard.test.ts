import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { checkEgressTarget, EgressRefusedError, isForbiddenAddress, type EgressPolicy } from './egress-guard.ts';
import { guardedFetch, GuardedFetchError } from './guarded-fetch.ts';
import { createResolver } from './resolver.ts';

/** Stands in for a public site: a second loopback address the policy is told to treat as public. */
const PUBLIC_STAND_IN = '127.0.0.2';
const PUBLIC_IP = '93.184.216.34';

interface RecordingServer {
  port: number;
  requests: string[];
  close(): Promise<void>;
}

async function startServer(address: string, handler: http.RequestListener): Promise<RecordingServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.headers.host} ${request.url}`);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let dns: LoopbackDns;
let internal: RecordingServer;
let publicSite: RecordingServer;
let policy: EgressPolicy;
let rebindCount = 0;

beforeAll(async () => {
  internal = await startServer('127.0.0.1', (_request, response) => response.end('internal secret'));
  publicSite = await startServer(PUBLIC_STAND_IN, (request, response) => {
    if (request.url === '/hang') return;
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
    if (target) response.writeHead(302, { location: target }).end();
    else response.end('public page');
  });
  dns = await startLoopbackDns({
    'public-site.example.com': [PUBLIC_IP],
    'redirector.example.com': [PUBLIC_STAND_IN],
    'internal-api.example.com': ['10.1.2.3'],
    'loopback-name.example.com': ['127.0.0.1'],
    'v6-loopback.example.com': ['::1'],
    'v6-mapped.example.com': ['::ffff:127.0.0.1'],
    'v6-ula.example.com': ['fd00:ec2::254'],
    'metadata-alias.example.com': ['169.254.169.254'],
    'zero.example.com': ['0.0.0.0'],
    'mixed.example.com': [PUBLIC_IP, '192.168.0.10'],
    'cgnat.example.com': ['100.100.100.200'],
    // Public on the first lookup, loopback afterwards: a DNS-rebinding attacker.
    'rebind.example.com': (type) => (type === 'A' ? (rebindCount++ === 0 ? [PUBLIC_STAND_IN] : ['127.0.0.1']) : []),
  });
  policy = { resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }), exemptAddresses: [PUBLIC_STAND_IN] };
});

afterAll(async () => {
  await Promise.all([dns.close(), internal.close(), publicSite.close()]);
});

async function refusal(url: string, override: Partial<EgressPolicy> = {}): Promise<string> {
  try {
    await checkEgressTarget(new URL(url), { ...policy, ...override });
  } catch (error) {
    if (error instanceof EgressRefusedError) return error.code;
    throw error;
  }
  return 'allowed';
}

describe('egress guard: bypass attempts are refused', () => {
  const literalAttempts: [string, string][] = [
    ['loopback', 'http://127.0.0.1/'],
    ['short IPv4', 'http://127.1/'],
    ['hex octet', 'http://0x7f.0.0.1/'],
    ['octal octet', 'http://0177.0.0.1/'],
    ['decimal integer', 'http://2130706433/'],
    ['hex integer', 'http://0x7f000001/'],
    ['octal integer', 'http://017700000001/'],
    ['zero-padded octets', 'http://127.000.000.001/'],
    ['bare zero', 'http://0/'],
    ['trailing dot', 'http://127.0.0.1./'],
    ['upper-case hex', 'http://0X7F.1/'],
    ['mixed hex and decimal octets', 'http://127.0x0.0.1/'],
    ['percent-encoded host', 'http://%31%32%37.0.0.1/'],
    ['unspecified IPv4', 'http://0.0.0.0/'],
    ['unspecified IPv6', 'http://[::]/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/'],
    ['IPv4-mapped, long form', 'http://[0:0:0:0:0:ffff:127.0.0.1]/'],
    ['IPv4-compatible', 'http://[::127.0.0.1]/'],
    ['NAT64 embedded loopback', 'http://[64:ff9b::127.0.0.1]/'],
    ['6to4 embedded loopback', 'http://[2002:7f00:1::]/'],
    ['6to4 embedded metadata', 'http://[2002:a9fe:a9fe::]/'],
    ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['metadata as hex integer', 'http://0xa9fea9fe/'],
    ['metadata as decimal integer', 'http://2852039166/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 172.16/12', 'http://172.16.0.1/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['multicast', 'http://224.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['reserved 240/4', 'http://240.0.0.1/'],
    ['benchmarking', 'http://198.18.0.1/'],
    ['IPv6 ULA', 'http://[fc00::1]/'],
    ['IPv6 ULA fd', 'http://[fd12:3456:789a::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv6 site-local', 'http://[fec0::1]/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['IPv6 documentation', 'http://[2001:db8::1]/'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
    ['fragment before @', 'http://127.0.0.1#@public-site.example.com/'],
    ['backslash before @', 'http://127.0.0.1:80\\@public-site.example.com/'],
  ];

  it.each(literalAttempts)('%s: %s', async (_label, url) => {
    expect(await refusal(url)).toBe('forbidden_address');
  });

  const nameAttempts: [string, string, string][] = [
    ['localhost', 'http://localhost/', 'internal_host'],
    ['localhost with trailing dot and capitals', 'http://LOCALHOST./', 'internal_host'],
    ['subdomain of localhost', 'http://foo.localhost/', 'internal_host'],
    ['cloud metadata name', 'http://metadata.google.internal/', 'internal_host'],
    ['single-label intranet name', 'http://intranet/', 'internal_host'],
    ['mDNS name', 'http://printer.local/', 'internal_host'],
    ['name resolving to 10/8', 'http://internal-api.example.com/', 'forbidden_address'],
    ['name resolving to loopback', 'http://loopback-name.example.com/', 'forbidden_address'],
    ['name resolving to ::1 (AAAA only)', 'http://v6-loopback.example.com/', 'forbidden_address'],
    ['name resolving to a mapped IPv6 loopback', 'http://v6-mapped.example.com/', 'forbidden_address'],
    ['name resolving to an IPv6 ULA', 'http://v6-ula.example.com/', 'forbidden_address'],
    ['name resolving to the metadata address', 'http://metadata-alias.example.com/', 'forbidden_address'],
    ['name resolving to 0.0.0.0', 'http://zero.example.com/', 'forbidden_address'],
    ['name resolving to CGNAT', 'http://cgnat.example.com/', 'forbidden_address'],
    ['name with one public and one private record', 'http://mixed.example.com/', 'forbidden_address'],
    ['name that does not resolve', 'http://does-not-exist.example.com/', 'unresolvable_host'],
    ['SMTP port on a public host', 'http://public-site.example.com:25/', 'forbidden_port'],
    ['IRC port on a public host', 'https://public-site.example.com:6667/', 'forbidden_port'],
    ['credentials towards a private address', 'http://admin:secret@10.0.0.1/', 'credentials_to_internal_host'],
    [
      'userinfo that looks like the host, before a loopback host',
      'http://public-site.example.com@127.0.0.1/',
      'credentials_to_internal_host',
    ],
    ['file scheme', 'file:///etc/passwd', 'forbidden_scheme'],
    ['gopher scheme', 'gopher://127.0.0.1:6379/_INFO', 'forbidden_scheme'],
    ['ftp scheme', 'ftp://public-site.example.com/', 'forbidden_scheme'],
  ];

  it.each(nameAttempts)('%s: %s', async (_label, url, code) => {
    expect(await refusal(url)).toBe(code);
  });

  it('says the same of a name with a private address as of a name that does not exist (issue 29)', async () => {
    const messageOf = async (url: string) =>
      checkEgressTarget(new URL(url), policy).then(
        () => 'allowed',
        (error: unknown) => (error as Error).message.replace(new URL(url).hostname, '<host>'),
      );
    const missing = await messageOf('http://does-not-exist.example.com/');
    expect(await messageOf('http://internal-api.example.com/')).toBe(missing);
    expect(await messageOf('http://v6-ula.example.com/')).toBe(missing);
  });

  it('refuses credentials towards an internal host even when private networks are allowed', async () => {
    expect(await refusal('http://admin:secret@localhost/', { allowPrivateNetworks: true })).toBe('credentials_to_internal_host');
  });

  it('refuses a redirect to an internal address and never connects to it', async () => {
    const start = `http://redirector.example.com:${publicSite.port}/?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/admin`)}`;
    const reachedBefore = internal.requests.length;
    const error = await guardedFetch(start, policy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect((error as GuardedFetchError).code).toBe('forbidden_address');
    expect((error as GuardedFetchError).hops).toHaveLength(1);
    expect(internal.requests.slice(reachedBefore)).toEqual([]);
  });

  it('refuses a redirect to a name that resolves privately', async () => {
    const start = `http://redirector.example.com:${publicSite.port}/?to=${encodeURIComponent('http://internal-api.example.com/')}`;
    await expect(guardedFetch(start, policy)).rejects.toMatchObject({
      code: 'forbidden_address',
      failedUrl: 'http://internal-api.example.com/',
    });
  });

  it('refuses a redirect to a non-web scheme', async () => {
    const start = `http://redirector.example.com:${publicSite.port}/?to=${encodeURIComponent('file:///etc/passwd')}`;
    await expect(guardedFetch(start, policy)).rejects.toMatchObject({ code: 'forbidden_scheme' });
  });

  it('connects to the checked address, and re-checks when a rebinding name turns private on redirect', async () => {
    rebindCount = 0;
    const target = `http://rebind.example.com:${publicSite.port}/?to=${encodeURIComponent(`http://rebind.example.com:${internal.port}/`)}`;
    const reachedBefore = internal.requests.length;
    const error = await guardedFetch(target, policy).catch((caught: unknown) => caught);
    expect(publicSite.requests.some((line) => line.startsWith('rebind.example.com'))).toBe(true);
    expect((error as GuardedFetchError).code).toBe('forbidden_address');
    // The loopback test reaches this server on purpose; none of it may come from this redirect.
    expect(internal.requests.slice(reachedBefore)).toEqual([]);
  });

  it('stops after the redirect cap', async () => {
    let url = `http://redirector.example.com:${publicSite.port}/final`;
    for (let i = 0; i < 4; i++) url = `http://redirector.example.com:${publicSite.port}/?to=${encodeURIComponent(url)}`;
    await expect(guardedFetch(url, { ...policy, maxRedirects: 2 })).rejects.toMatchObject({ code: 'too_many_redirects' });
    const response = await guardedFetch(url, policy);
    expect(response.hops).toHaveLength(4);
    expect(response.body.toString()).toBe('public page');
  });

  it('fetches loopback only when private networks are explicitly allowed', async () => {
    const url = `http://loopback-name.example.com:${internal.port}/`;
    await expect(guardedFetch(url, policy)).rejects.toMatchObject({ code: 'forbidden_address' });
    const response = await guardedFetch(url, { ...policy, allowPrivateNetworks: true });
    expect(response.body.toString()).toBe('internal secret');
    expect(response.address.address).toBe('127.0.0.1');
  });

  it('counts slow name resolution against the deadline', async () => {
    // A DNS server that reads queries and never answers.
    const mute = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => mute.bind(0, '127.0.0.1', resolve));
    const silent = createResolver({ servers: [`127.0.0.1:${mute.address().port}`], timeoutMs: 5000, tries: 1 });
    const started = Date.now();
    try {
      const attempt = guardedFetch('http://slow-dns.example.com/', { ...policy, resolver: silent, timeoutMs: 300 });
      await expect(attempt).rejects.toMatchObject({ code: 'timeout' });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      mute.close();
    }
  });

  it('caps the time a hop may take', async () => {
    const url = `http://redirector.example.com:${publicSite.port}/hang`;
    await expect(guardedFetch(url, { ...policy, timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('lets a public address through', async () => {
    const target = await checkEgressTarget(new URL('https://public-site.example.com/login'), policy);
    expect(target).toEqual({ hostname: 'public-site.example.com', port: 443, address: { address: PUBLIC_IP, family: 4 } });
  });
});

describe('isForbiddenAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows the public address %s',
    (ip) => expect(isForbiddenAddress(ip)).toBe(false),
  );

  it.each(['fe80::1%eth0', '::ffff:0:127.0.0.1', '64:ff9b:1::a00:1', 'not-an-ip', '', '192.0.0.170', '192.88.99.1', '5f00::1', '3fff::1'])(
    'refuses %s',
    (ip) => expect(isForbiddenAddress(ip)).toBe(true),
  );

  // RFC 6052 §2.2: inside the local-use 64:ff9b:1::/48 the IPv4 address sits where the operator's
  // prefix length puts it (bits 64-71 skipped), not only in the last 32 bits.
  it.each([
    // The last 32 bits read a public address (8.8.8.8, 1.8.8.8): only the right layout finds the internal one.
    ['127.0.0.1 behind a /48', '64:ff9b:1:7f00:0:100:808:808'],
    ['127.0.0.1 behind a /56', '64:ff9b:1:7f:0:1:808:808'],
    ['127.0.0.1 behind a /64', '64:ff9b:1:0:7f:0:108:808'],
    ['169.254.169.254 behind a /48', '64:ff9b:1:a9fe:a9:fe00:808:808'],
    ['10.0.0.1 behind a /96', '64:ff9b:1::a00:1'],
  ])('refuses NAT64 local-use addresses embedding %s', (_label, ip) => expect(isForbiddenAddress(ip)).toBe(true));

  it('allows a NAT64 local-use address only when every RFC 6052 layout reads a public IPv4 address', () => {
    expect(isForbiddenAddress('64:ff9b:1:808:8:808:808:808')).toBe(false);
  });
});
