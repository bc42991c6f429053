import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import {
  inCidr,
  lookupRegistration,
  parseNetworkRegistration,
  parseRegistration,
  rdapServersFor,
  rdapServersForAddress,
  registrationLines,
} from './rdap.ts';
import { evaluateRegistration } from '../checks/registration-check.ts';
import { startRdapRegistry, type RdapRegistry } from './testing/rdap-registry.ts';

const NOW = new Date('2026-11-21T08:00:00Z');

let registry: RdapRegistry;

beforeAll(async () => {
  registry = await startRdapRegistry([
    { name: 'fresh-login-portal.com', registered: '2026-11-18T10:00:00Z', expires: '2027-11-18T10:00:00Z' },
    { name: 'old-bakery.com', registered: '2004-03-01T00:00:00Z', expires: '2026-12-01T00:00:00Z' },
  ]);
});

afterAll(async () => {
  await registry.close();
});

const lookup = (domain: string, allowPrivateNetworks = true) =>
  lookupRegistration(domain, {
    fetchOptions: { resolver: createResolver(), allowPrivateNetworks },
    bootstrapUrl: registry.bootstrapUrl,
    now: NOW,
  });

describe('lookupRegistration', () => {
  it('finds the registry through the bootstrap file, cached, and reads the registration', async () => {
    const fresh = await lookup('fresh-login-portal.com');
    expect(fresh).toEqual({
      domain: 'fresh-login-portal.com',
      registrar: 'Example Registrar, Inc.',
      registered: '2026-11-18T10:00:00Z',
      expires: '2027-11-18T10:00:00Z',
      status: ['client transfer prohibited'],
      abuseEmail: 'abuse@registrar.example',
    });
    expect(registrationLines(fresh!)).toEqual([
      'Registrar: Example Registrar, Inc.',
      'Registered: 2026-11-18',
      'Expires: 2027-11-18',
      'Status: client transfer prohibited',
      'Abuse contact: abuse@registrar.example',
    ]);
    await lookup('old-bakery.com');
    expect(registry.requests.filter((line) => line.startsWith('/dns.json'))).toHaveLength(1);
    expect(registry.requests).toContain('/rdap/com/v1/domain/old-bakery.com application/rdap+json, application/json');
  });

  it('answers null for unknown domains, TLDs without RDAP, and registries the egress guard refuses', async () => {
    await expect(lookup('missing-shop.com')).resolves.toBeNull();
    await expect(lookup('shop.example')).resolves.toBeNull();
    const before = registry.requests.length;
    await expect(lookup('old-bakery.com', false)).resolves.toBeNull();
    expect(registry.requests.length).toBe(before);
  });
});

describe('evaluateRegistration', () => {
  it('calls a domain registered two days ago newly registered, strongly', async () => {
    const findings = evaluateRegistration((await lookup('fresh-login-portal.com'))!, NOW);
    expect(findings).toEqual({
      domain_newly_registered: { risk_score: 70, message: 'fresh-login-portal.com was registered 2 days ago (2026-11-18).' },
    });
  });

  it('gives an old domain close to expiry only a weak finding', async () => {
    expect(evaluateRegistration((await lookup('old-bakery.com'))!, NOW)).toEqual({
      domain_expiring_soon: { risk_score: 10, message: 'old-bakery.com expires in 9 days.' },
    });
  });
});

describe('RDAP parsing', () => {
  it('picks the registry by TLD and tolerates answers without entities or dates', () => {
    const bootstrap = { services: [[['com'], ['https://rdap.verisign.com/com/v1/']]] as [string[], string[]][] };
    expect(rdapServersFor(bootstrap, 'Shop.COM')).toEqual(['https://rdap.verisign.com/com/v1/']);
    expect(rdapServersFor(bootstrap, 'shop.org')).toEqual([]);
    expect(parseRegistration('a.com', { ldhName: 'A.COM' })).toEqual({
      domain: 'a.com',
      registrar: null,
      registered: null,
      expires: null,
      status: [],
      abuseEmail: null,
    });
    expect(parseRegistration('a.com', 'not json object')).toBeNull();
  });
});

describe('RDAP for the network of an address', () => {
  const bootstrap = {
    services: [
      [['198.51.0.0/16'], ['https://rdap.arin.example/registry/']],
      [['198.51.100.0/24'], ['https://rdap.more-specific.example/']],
      [['2001:db8::/32'], ['https://rdap.ripe.example/']],
    ] as [string[], string[]][],
  };

  it('picks the registry of the longest matching prefix, for IPv4 and IPv6', () => {
    expect(rdapServersForAddress(bootstrap, '198.51.100.7')).toEqual(['https://rdap.more-specific.example/']);
    expect(rdapServersForAddress(bootstrap, '198.51.7.7')).toEqual(['https://rdap.arin.example/registry/']);
    expect(rdapServersForAddress(bootstrap, '2001:db8:1::5')).toEqual(['https://rdap.ripe.example/']);
    expect(rdapServersForAddress(bootstrap, '203.0.113.9')).toEqual([]);
    expect(inCidr('10.0.0.1', '0.0.0.0/0')).toBe(true);
    expect(inCidr('2001:db9::1', '2001:db8::/32')).toBe(false);
  });

  it('reads the network, its holder and its abuse contact (nested under the registrant, as ARIN nests it)', () => {
    const answer = {
      objectClassName: 'ip network',
      handle: 'NET-198-51-100-0-1',
      name: 'EXAMPLE-HOSTING',
      startAddress: '198.51.100.0',
      endAddress: '198.51.100.255',
      country: 'US',
      entities: [
        {
          roles: ['registrant'],
          vcardArray: [
            'vcard',
            [
              ['version', {}, 'text', '4.0'],
              ['fn', {}, 'text', 'Example Hosting LLC'],
            ],
          ],
          entities: [{ roles: ['abuse'], vcardArray: ['vcard', [['email', {}, 'text', 'abuse@hosting.example']]] }],
        },
      ],
    };
    expect(parseNetworkRegistration('198.51.100.7', answer)).toEqual({
      address: '198.51.100.7',
      handle: 'NET-198-51-100-0-1',
      name: 'EXAMPLE-HOSTING',
      range: '198.51.100.0 - 198.51.100.255',
      country: 'US',
      holder: 'Example Hosting LLC',
      abuseEmail: 'abuse@hosting.example',
    });
    expect(parseNetworkRegistration('198.51.100.7', { entities: 'nope' })).toBeNull();
  });
});
