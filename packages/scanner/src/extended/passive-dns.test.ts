import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import { namesFromPassiveDns, passiveDnsNames } from './passive-dns.ts';
import { startPassiveDnsServer, type PassiveDnsServer } from './testing/passive-dns-server.ts';

const CREDENTIALS = { username: 'riskscan', password: 'pdns-secret' };
const record = (rrname: string, rrtype: string, rdata: string | string[], timeLast: number) => ({
  rrname,
  rrtype,
  rdata,
  time_first: 1_600_000_000,
  time_last: timeLast,
  count: 3,
});

let pdns: PassiveDnsServer;

beforeAll(async () => {
  pdns = await startPassiveDnsServer(
    {
      '203.0.113.9': [
        record('shop.cheap-parking.example.', 'A', '203.0.113.9', 1_763_000_000),
        record('login.other-site.example', 'A', '203.0.113.9', 1_763_500_000),
        record('9.113.0.203.in-addr.arpa', 'PTR', 'host9.isp.example', 1_763_500_000),
      ],
    },
    CREDENTIALS,
  );
});

afterAll(async () => {
  await pdns.close();
});

describe('namesFromPassiveDns', () => {
  it('keeps A and AAAA records on the address, most recently seen first, names normalised', () => {
    const text = [
      JSON.stringify(record('Old.Example.org.', 'A', '198.51.100.7', 100)),
      JSON.stringify(record('new.example.net', 'A', ['192.0.2.1', '198.51.100.7'], 300)),
      JSON.stringify(record('old.example.org', 'A', '198.51.100.7', 200)),
      JSON.stringify(record('elsewhere.example', 'A', '198.51.100.8', 400)),
      JSON.stringify(record('mail.example.org', 'MX', '198.51.100.7', 500)),
      '{"rrname": "cut-off.exa',
    ].join('\n');
    expect(namesFromPassiveDns(text, '198.51.100.7')).toEqual(['new.example.net', 'old.example.org']);
  });

  it('compares IPv6 addresses in any spelling', () => {
    const text = JSON.stringify(record('v6.example', 'AAAA', '2001:0db8:0000:0000:0000:0000:0000:0001', 1));
    expect(namesFromPassiveDns(text, '2001:db8::1')).toEqual(['v6.example']);
  });
});

describe('passiveDnsNames against a COF service', () => {
  const fetchOptions = (allowPrivateNetworks = true) => ({ resolver: createResolver(), allowPrivateNetworks });

  it('asks with Basic credentials and reads the names on the address', async () => {
    await expect(passiveDnsNames('203.0.113.9', { url: pdns.url, ...CREDENTIALS }, fetchOptions())).resolves.toEqual([
      'login.other-site.example',
      'shop.cheap-parking.example',
    ]);
    expect(pdns.requests.at(-1)).toBe('/pdns/query/203.0.113.9');
  });

  it('gives no names when the service refuses, fails or stalls', async () => {
    await expect(
      passiveDnsNames('203.0.113.9', { url: pdns.url, username: 'riskscan', password: 'wrong' }, fetchOptions()),
    ).resolves.toEqual([]);
    pdns.behaviour = 'error';
    await expect(passiveDnsNames('203.0.113.9', { url: pdns.url, ...CREDENTIALS }, fetchOptions())).resolves.toEqual([]);
    pdns.behaviour = 'stall';
    await expect(passiveDnsNames('203.0.113.9', { url: pdns.url, ...CREDENTIALS, timeoutMs: 300 }, fetchOptions())).resolves.toEqual([]);
    pdns.behaviour = 'answer';
  });

  it('goes through the egress guard: a loopback service is refused without the private-network exception', async () => {
    const before = pdns.requests.length;
    await expect(passiveDnsNames('203.0.113.9', { url: pdns.url, ...CREDENTIALS }, fetchOptions(false))).resolves.toEqual([]);
    expect(pdns.requests.length).toBe(before);
  });
});
