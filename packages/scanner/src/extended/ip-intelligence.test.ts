import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { lookupAsn } from './asn-table.ts';
import { evaluateIp } from '../checks/ip-check.ts';
import { locateIp, locationLines } from './ip-geo.ts';
import { gatherIpIntelligence, reverseLookupName, type IpIntelligence } from './ip-intelligence.ts';

let dns: LoopbackDns;

beforeAll(async () => {
  dns = await startLoopbackDns({ '8.8.8.8.in-addr.arpa': { records: [{ type: 'PTR', domain: 'dns.google' }] } });
});

afterAll(async () => {
  await dns.close();
});

describe('bundled IP data', () => {
  it('finds the AS of IPv4, IPv6 and IPv4-mapped addresses, and none for private ones', async () => {
    await expect(lookupAsn('8.8.8.8')).resolves.toEqual({ asn: 15169, organisation: 'Google LLC' });
    await expect(lookupAsn('::ffff:1.1.1.1')).resolves.toEqual({ asn: 13335, organisation: 'Cloudflare, Inc.' });
    await expect(lookupAsn('2001:4860:4860::8888')).resolves.toMatchObject({ asn: 15169 });
    await expect(lookupAsn('10.1.2.3')).resolves.toBeNull();
    await expect(lookupAsn('not an ip')).resolves.toBeNull();
  });

  it('locates addresses with the file of their family', async () => {
    const v4 = await locateIp('8.8.8.8');
    expect(v4?.countryCode).toBe('US');
    expect(v4?.latitude).toEqual(expect.any(Number));
    expect(locationLines(v4!)[0]).toBe('Country: United States (US)');
    expect((await locateIp('2001:4860:4860::8888'))?.countryCode).toEqual(expect.stringMatching(/^[A-Z]{2}$/));
    await expect(locateIp('192.168.1.1')).resolves.toBeNull();
  });

  it('writes only the location fields it knows', () => {
    expect(locationLines({ countryCode: 'DE', region: null, city: null, latitude: 51.5, longitude: 10.25 })).toEqual([
      'Country: Germany (DE)',
      'Coordinates: 51.5000, 10.2500',
    ]);
  });
});

describe('gatherIpIntelligence', () => {
  it('adds PTR names from the configured server and other domains from the server’s lookup', async () => {
    const asked: string[] = [];
    const intel = await gatherIpIntelligence('8.8.8.8', 'www.shop.example.com', {
      servers: [dns.server],
      reverseIpLookup: async (ip) => {
        asked.push(ip);
        return ['Blog.Other.org.', 'shop.example.com', 'cdn.other.org', 'third.net'];
      },
      networkReputation: async (asn) => (asn === 15169 ? { scans: 10, malicious: 1 } : null),
      networkListing: async () => null,
    });
    expect(asked).toEqual(['8.8.8.8']);
    expect(intel).toMatchObject({
      ptr: ['dns.google'],
      reverseDomains: ['other.org', 'third.net'],
      asn: { asn: 15169 },
      reputation: { scans: 10, malicious: 1 },
    });
    expect(evaluateIp(intel)).toEqual({});
  });

  it('leaves neighbours and reputation empty without server sources', async () => {
    const intel = await gatherIpIntelligence('10.0.0.1', 'intranet.example', { servers: [dns.server] });
    expect(intel).toEqual({ ip: '10.0.0.1', asn: null, location: null, ptr: [], reverseDomains: [], reputation: null, listing: null });
  });

  it('asks the blocklist about the address’s AS', async () => {
    const asked: number[] = [];
    const intel = await gatherIpIntelligence('8.8.8.8', 'dns.google', {
      servers: [dns.server],
      networkListing: async (asn) => {
        asked.push(asn);
        return { asn, name: 'GOOGLE', country: 'US', rir: 'arin', domain: null, list: 'Spamhaus ASN-DROP' };
      },
    });
    expect(asked).toEqual([15169]);
    expect(intel.listing).toMatchObject({ asn: 15169, list: 'Spamhaus ASN-DROP' });
  });
});

describe('reverseLookupName', () => {
  it('spells the PTR query name of both families', () => {
    expect(reverseLookupName('198.51.100.7')).toBe('7.100.51.198.in-addr.arpa');
    expect(reverseLookupName('::ffff:198.51.100.7')).toBe('7.100.51.198.in-addr.arpa');
    expect(reverseLookupName('2001:db8::1')).toBe(`1.${'0.'.repeat(23)}8.b.d.0.1.0.0.2.ip6.arpa`);
  });
});

describe('evaluateIp', () => {
  const base: IpIntelligence = {
    ip: '203.0.113.9',
    asn: { asn: 64500, organisation: 'Cheap Host' },
    location: null,
    ptr: [],
    reverseDomains: [],
    reputation: null,
    listing: null,
  };

  it('flags a network where many scanned sites were risky, not one with few scans', () => {
    expect(evaluateIp({ ...base, reputation: { scans: 20, malicious: 12 } }).ip_abusive_network).toEqual({
      risk_score: 45,
      message: '12 of 20 scanned sites on AS64500 (Cheap Host) were risky.',
    });
    expect(evaluateIp({ ...base, reputation: { scans: 20, malicious: 5 } }).ip_abusive_network?.risk_score).toBe(20);
    expect(evaluateIp({ ...base, reputation: { scans: 3, malicious: 3 } }).ip_abusive_network).toBeUndefined();
  });

  it('flags a network a blocklist calls criminal', () => {
    const listing = { asn: 64500, name: 'SHADY-HOSTING-AS', country: 'NL', rir: 'ripencc', domain: null, list: 'Spamhaus ASN-DROP' };
    expect(evaluateIp({ ...base, listing }).ip_bulletproof_hosting).toEqual({
      risk_score: 50,
      message: '203.0.113.9 is on AS64500 (SHADY-HOSTING-AS, NL), which Spamhaus ASN-DROP lists as a network run by or for criminals.',
    });
    expect(evaluateIp(base).ip_bulletproof_hosting).toBeUndefined();
  });

  it('flags an address crowded with unrelated domains', () => {
    const reverseDomains = Array.from({ length: 60 }, (_, index) => `site-${index}.example`);
    expect(evaluateIp({ ...base, reverseDomains }).ip_crowded_host?.message).toBe('60 other domains were seen on 203.0.113.9.');
    expect(evaluateIp({ ...base, reverseDomains: reverseDomains.slice(0, 10) }).ip_crowded_host).toBeUndefined();
  });
});
