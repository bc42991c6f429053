import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
