import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpamhausAsnDrop } from '../intel/feeds/spamhaus-asn-drop.ts';
import { scan } from '../scan.ts';
import { MEDIUM_ONLY_CAP } from '../scoring/overall-score.ts';
import { riskLevelForScore as riskLevel } from '@riskscan/contracts';
import { startFixtureWorld, type FixtureWorld } from '../testing/fixture-world.ts';
import { startPassiveDnsServer, type PassiveDnsServer } from './testing/passive-dns-server.ts';
import { startRdapRegistry, type RdapRegistry } from './testing/rdap-registry.ts';

let world: FixtureWorld;
let registry: RdapRegistry;
let pdns: PassiveDnsServer;
const PDNS_CREDENTIALS = { username: 'riskscan', password: 'pdns-secret' };

beforeAll(async () => {
  world = await startFixtureWorld();
  registry = await startRdapRegistry([
    { name: 'daily-metro-news.com', registered: '2026-11-19T00:00:00Z', expires: '2027-11-19T00:00:00Z' },
  ]);
  const seen = (rrname: string) => ({
    rrname,
    rrtype: 'A',
    rdata: '127.0.0.1',
    time_first: 1_700_000_000,
    time_last: 1_763_000_000,
    count: 4,
  });
  pdns = await startPassiveDnsServer(
    { '127.0.0.1': [seen('www.daily-metro-news.com'), seen('cheap-watches-outlet.example'), seen('sunny-garden-blog.com')] },
    PDNS_CREDENTIALS,
  );
});

afterAll(async () => {
  await Promise.all([world.close(), registry.close(), pdns.close()]);
});

describe('scan with extended checks', () => {
  it('adds the requested groups and their risk categories', async () => {
    const lookedUp: string[] = [];
    const result = await scan('https://daily-metro-news.com/', {
      ...world.scanOptions,
      now: () => new Date('2026-11-21T08:00:00Z'),
      rdapBootstrapUrl: registry.bootstrapUrl,
      extendedChecks: { dns_checks: true, ip_checks: true, page_checks: true, webtech_check: true },
      reverseIpLookup: async (ip) => {
        lookedUp.push(ip);
        return ['daily-metro-news.com', 'sunny-garden-blog.com'];
      },
    });
    expect(checkResultSchema.parse(result)).toEqual(result);
    expect(lookedUp).toEqual(['127.0.0.1']);
    expect(result.ip_checks?.reverse_ip_lookup).toEqual({ title: 'Other domains on 127.0.0.1', result: ['sunny-garden-blog.com'] });
    expect(result.ip_checks?.as_lookup.result).toBe('Unknown');
    expect(result.dns_checks?.dns_lookup.result).toEqual(expect.arrayContaining(['A 127.0.0.1 (TTL 1)', 'Registered: 2026-11-19']));
    expect(result.classification.map((entry) => entry.name)).toContain('Newly registered');
    expect(result.page_checks).toContain('https://daily-metro-news.com/sport/');
    expect(result.webtech).toContainEqual({ name: 'Google Tag Manager', version: null, categories: ['Tag managers'] });
    expect(result.checks.map((category) => category.category)).toEqual(
      expect.arrayContaining(['DNS Records', 'Domain Registration', 'IP Reputation']),
    );
  });

  it('leaves out groups that were not requested or found nothing', async () => {
    const result = await scan('https://daily-metro-news.com/', { ...world.scanOptions, extendedChecks: { ip_checks: true } });
    expect(result.ip_checks).toBeUndefined();
    expect(result.dns_checks).toBeUndefined();
    expect(result.page_checks).toBeUndefined();
    expect(result.webtech).toBeUndefined();
    expect(result.checks.map((category) => category.category)).toContain('IP Reputation');
    expect(result.checks.map((category) => category.category)).not.toContain('DNS Records');
  });

  it('reports known-vulnerable library versions the page loads', async () => {
    const result = await scan('https://lakeside-campground.com/', {
      ...world.scanOptions,
      now: () => new Date('2026-11-21T08:00:00Z'),
      extendedChecks: { webtech_check: true },
    });
    expect(result.webtech).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'jQuery', version: '1.12.4' }),
        expect.objectContaining({ name: 'Bootstrap', version: '3.3.7' }),
        expect.objectContaining({ name: 'PHP', version: '7.4.33' }),
      ]),
    );
    const detail = result.checks
      .find((category) => category.category === 'Web Technologies')
      ?.details.find((entry) => entry.name === 'webtech_vulnerable_version');
    expect(detail?.risk_score).toBe(15);
    expect(detail?.message).toContain('jQuery 1.12.4 is affected by CVE-2020-11022 (fixed in 3.5.0)');
    expect(detail?.message).toContain('jQuery 1.12.4 is affected by CVE-2019-11358 (fixed in 3.4.0)');
    expect(detail?.message).toContain('Bootstrap 3.3.7 is affected by CVE-2019-8331 (fixed in 3.4.1)');
    expect(detail?.message).toContain('PHP 7.4.33 is at end of life');
    // A weak sign: an outdated but honest site stays Good.
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('merges a passive-DNS source into the other domains on the address, and goes on without it', async () => {
    const options = {
      ...world.scanOptions,
      extendedChecks: { ip_checks: true },
      reverseIpLookup: async () => ['sunny-garden-blog.com', 'alpine-hiking-club.ch'],
      passiveDns: { url: pdns.url, ...PDNS_CREDENTIALS, timeoutMs: 2000 },
    };
    const merged = await scan('https://daily-metro-news.com/', options);
    expect(merged.ip_checks?.reverse_ip_lookup.result).toEqual([
      'alpine-hiking-club.ch',
      'cheap-watches-outlet.example',
      'sunny-garden-blog.com',
    ]);
    expect(pdns.requests).toContain('/pdns/query/127.0.0.1');

    pdns.behaviour = 'error';
    const withoutSource = await scan('https://daily-metro-news.com/', options);
    pdns.behaviour = 'answer';
    expect(withoutSource.ip_checks?.reverse_ip_lookup.result).toEqual(['alpine-hiking-club.ch', 'sunny-garden-blog.com']);
  });

  it('marks a site on a network Spamhaus ASN-DROP lists as bulletproof hosting, a medium signal', async () => {
    // Spamhaus's JSON-lines format, read by the parser the server's blocklist uses.
    const listed = parseSpamhausAsnDrop(
      [
        { asn: 64496, rir: 'ripencc', domain: 'shady-hosting.example', cc: 'nl', asname: 'SHADY-HOSTING-AS' },
        { type: 'metadata', timestamp: 1763712000, size: 0, records: 1, copyright: '(c) 2026 The Spamhaus Project SLU' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const askedFor: number[] = [];
    const options = {
      ...world.scanOptions,
      extendedChecks: { ip_checks: true },
      // Fixture sites answer on 127.0.0.1, which no AS announces; this is the network it stands in for.
      asnLookup: async (ip: string) => (ip === '127.0.0.1' ? { asn: 64496, organisation: 'Shady Hosting Ltd' } : null),
      networkListing: async (asn: number) => {
        askedFor.push(asn);
        const network = listed.find((entry) => entry.asn === asn);
        return network ? { ...network, list: 'Spamhaus ASN-DROP' } : null;
      },
    };
    const ipCategory = (result: Awaited<ReturnType<typeof scan>>) =>
      result.checks.find((category) => category.category === 'IP Reputation');

    const result = await scan('https://daily-metro-news.com/', options);
    expect(askedFor).toEqual([64496]);
    expect(result.ip_checks?.as_lookup.result).toBe('AS64496 Shady Hosting Ltd');
    const detail = ipCategory(result)?.details.find((entry) => entry.name === 'ip_bulletproof_hosting');
    expect(detail).toMatchObject({ risk_score: 50, is_active: true });
    expect(detail?.message).toBe(
      '127.0.0.1 is on AS64496 (SHADY-HOSTING-AS, NL), which Spamhaus ASN-DROP lists as a network run by or for criminals.',
    );
    expect(ipCategory(result)?.risk_score).toBe(50);

    // The same site on an unlisted network: the detail is clean and the site scores lower.
    const unlisted = await scan('https://daily-metro-news.com/', {
      ...options,
      asnLookup: async () => ({ asn: 64511, organisation: 'Honest Hosting AG' }),
    });
    expect(unlisted.ip_checks?.as_lookup.result).toBe('AS64511 Honest Hosting AG');
    expect(ipCategory(unlisted)?.details.find((entry) => entry.name === 'ip_bulletproof_hosting')?.risk_score).toBe(0);
    expect(ipCategory(unlisted)?.risk_score).toBe(0);
    expect(unlisted.overall_risk).toBeLessThan(40);
    // Medium, not decisive: the listing lifts the overall risk to at least its own score but, with
    // no strong finding beside it, stays below Danger and names no class of threat.
    expect(result.overall_risk).toBeGreaterThanOrEqual(Math.max(50, unlisted.overall_risk + 1));
    expect(result.overall_risk).toBeLessThanOrEqual(MEDIUM_ONLY_CAP);
    expect(riskLevel(result.overall_risk)).not.toBe('Danger');
    expect(result.classification).toEqual(unlisted.classification);
  });
});
