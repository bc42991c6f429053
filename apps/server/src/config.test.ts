import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    expect(config.database.kind === 'pglite' && config.database.dataDir).toMatch(/data[/\\]pglite$/);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/riskscan' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app@db:5432/riskscan' });
  });

  it('names every invalid setting at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String((error as Error).message)).toContain('PORT');
      expect(String((error as Error).message)).toContain('DATABASE_URL');
    }
  });

  it('keeps the scanner on public networks unless told otherwise, and reads its DNS servers', () => {
    expect(loadConfig({}).scanner).toEqual({ allowPrivateNetworks: false, dnsServers: [], connectPorts: {} });
    const config = loadConfig({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_DNS_SERVERS: '127.0.0.1:5353, [::1]:53' });
    expect(config.scanner).toEqual({ allowPrivateNetworks: true, dnsServers: ['127.0.0.1:5353', '[::1]:53'], connectPorts: {} });
    expect(() => loadConfig({ SCAN_DNS_SERVERS: 'dns.example.com' })).toThrow(ConfigError);
  });

  it('maps scan ports to loopback fixtures only where private networks are allowed (tests)', () => {
    const config = loadConfig({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_CONNECT_PORTS: '80:41080, 443:41443' });
    expect(config.scanner.connectPorts).toEqual({ 80: 41080, 443: 41443 });
    expect(() => loadConfig({ SCAN_CONNECT_PORTS: '443:41443' })).toThrow(/needs SCAN_ALLOW_PRIVATE_NETWORKS=true/);
    expect(() => loadConfig({ SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_CONNECT_PORTS: '443' })).toThrow(/port:port/);
  });

  it('defaults the session settings and refuses a short JWT_SECRET', () => {
    expect(loadConfig({}).auth).toEqual({ jwtSecret: null, accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 1_209_600 });
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
  });
});

describe('TRUST_PROXY', () => {
  /** The client IP a server configured this way sees for a request from `remote` carrying `forwardedFor`. */
  async function clientIp(trustProxy: string, remote: string, forwardedFor: string): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy) });
    app.get('/ip', async (request) => request.ip);
    const response = await app.inject({ url: '/ip', remoteAddress: remote, headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    return response.body;
  }

  it('trusts no X-Forwarded-For by default', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(await clientIp('false', '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
  });

  it('takes a hop count: a client cannot pick its own IP by sending X-Forwarded-For itself', async () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    // The client sent "6.6.6.6"; the one proxy in front appended the address it saw.
    expect(await clientIp('1', '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('takes the proxies’ addresses and ranges', async () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7']);
    expect(await clientIp('10.0.0.0/8', '10.1.1.1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // From anywhere else, the header is not believed at all.
    expect(await clientIp('10.0.0.0/8', '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
  });

  it('refuses true (trust every hop) and malformed entries, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY: 10.0.0.0\/99/);
  });
});

describe('a public PUBLIC_URL', () => {
  const PUBLIC = 'https://riskscan.example.com';

  it('refuses to start on the sandbox card processor by default, naming PAYMENT_PROVIDER', () => {
    expect(() => loadConfig({ PUBLIC_URL: PUBLIC })).toThrow(/PAYMENT_PROVIDER: must be set for a public PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: PUBLIC, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ PUBLIC_URL: PUBLIC, PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });

  it('refuses scans of private networks, naming SCAN_ALLOW_PRIVATE_NETWORKS', () => {
    expect(() => loadConfig({ PUBLIC_URL: PUBLIC, PAYMENT_PROVIDER: 'sandbox', SCAN_ALLOW_PRIVATE_NETWORKS: 'true' })).toThrow(
      /SCAN_ALLOW_PRIVATE_NETWORKS: true lets anyone scan your internal network/,
    );
  });

  it('leaves the local start alone: localhost and loopback addresses run on the embedded defaults', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://app.localhost']) {
      expect(loadConfig({ PUBLIC_URL: url, SCAN_ALLOW_PRIVATE_NETWORKS: 'true' }).payments.provider).toBe('sandbox');
    }
  });
});
