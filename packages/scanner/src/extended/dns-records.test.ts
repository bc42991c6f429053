import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import { parsePage } from '../page/page-facts.ts';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { evaluateDns } from '../checks/dns-check.ts';
import { dnsLines, lookupDnsRecords } from './dns-records.ts';

let dns: LoopbackDns;

const LOGIN_PAGE = parsePage('<form><input type="password" name="pw"></form>', 'https://login.fluxy-bank.top/');

beforeAll(async () => {
  dns = await startLoopbackDns({
    'shop.example.org': {
      records: [
        { type: 'A', address: '198.51.100.7', ttl: 3600 },
        { type: 'AAAA', address: '2001:db8::7', ttl: 3600 },
      ],
    },
    'example.org': {
      records: [
        { type: 'MX', exchange: 'mail.example.org', priority: 10 },
        { type: 'MX', exchange: 'backup.example.org', priority: 20 },
        { type: 'NS', ns: 'ns1.example.org' },
        { type: 'TXT', data: 'v=spf1 mx -all' },
        { type: 'TXT', data: 'site-verification=abc' },
        { type: 'CAA', flags: 0, tag: 'issue', value: 'letsencrypt.org' },
        {
          type: 'SOA',
          primary: 'ns1.example.org',
          admin: 'hostmaster.example.org',
          serial: 2026112101,
          refresh: 3600,
          retry: 600,
          expiration: 86400,
          minimum: 300,
        },
      ],
    },
    '_dmarc.example.org': { records: [{ type: 'TXT', data: 'v=DMARC1; p=reject' }] },
    'login.fluxy-bank.top': {
      records: ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'].map((address) => ({
        type: 'A' as const,
        address,
        ttl: 60,
      })),
    },
    'blog.orphan-shop.com': { records: [{ type: 'CNAME', domain: 'orphan-shop.gone-hosting.net' }] },
  });
});

afterAll(async () => {
  await dns.close();
});

const lookup = (hostname: string) =>
  lookupDnsRecords(hostname, { servers: [dns.server], resolver: createResolver({ servers: [dns.server] }) });

describe('lookupDnsRecords', () => {
  it('reads every record type from the configured server, zone records from the registrable domain', async () => {
    const records = await lookup('shop.example.org');
    expect(records.domain).toBe('example.org');
    expect(dnsLines(records)).toEqual([
      'A 198.51.100.7 (TTL 3600)',
      'AAAA 2001:db8::7 (TTL 3600)',
      'MX 10 mail.example.org',
      'MX 20 backup.example.org',
      'NS ns1.example.org',
      'SPF v=spf1 mx -all',
      'TXT site-verification=abc',
      'DMARC v=DMARC1; p=reject',
      'CAA 0 issue "letsencrypt.org"',
      'SOA ns1.example.org hostmaster.example.org 2026112101',
    ]);
    expect(dns.queries).toEqual(expect.arrayContaining(['A shop.example.org', 'AAAA shop.example.org']));
  });

  it('finds no risk in a well-kept domain, even on a login page', async () => {
    expect(evaluateDns(await lookup('shop.example.org'), LOGIN_PAGE)).toEqual({});
  });

  it('flags fast-flux addresses and a login page without a mail policy', async () => {
    const findings = evaluateDns(await lookup('login.fluxy-bank.top'), LOGIN_PAGE);
    expect(findings.dns_fast_flux?.risk_score).toBe(60);
    expect(findings.dns_no_mail_policy).toEqual({
      risk_score: 30,
      message: 'The page asks for secrets but fluxy-bank.top has no SPF or DMARC record.',
    });
    expect(evaluateDns(await lookup('login.fluxy-bank.top'), parsePage('<p>news</p>', 'https://x/')).dns_no_mail_policy).toBeUndefined();
  });

  it('flags a CNAME whose target does not exist', async () => {
    const records = await lookup('blog.orphan-shop.com');
    expect(dnsLines(records)).toEqual(['CNAME orphan-shop.gone-hosting.net']);
    expect(evaluateDns(records, null).dns_dangling_cname?.message).toBe(
      'blog.orphan-shop.com is an alias of orphan-shop.gone-hosting.net, which does not resolve.',
    );
  });
});
