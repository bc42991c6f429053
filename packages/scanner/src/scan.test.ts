import { readFileSync } from 'node:fs';
import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collected } from './collect/collected.ts';
import type { GuardedFetchOptions } from './net/guarded-fetch.ts';
import { EMPTY_URL_MESSAGE } from '@riskscan/contracts';
import { defineCheck } from './checks/check.ts';
import { scan, ScanInputError } from './scan.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

describe('scan', () => {
  it('scans a fixture site under its real name and returns a valid CheckResult', async () => {
    const result = await scan('sunny-garden-blog.com', world.scanOptions);
    expect(checkResultSchema.parse(result)).toEqual(result);
    expect(result.url).toBe('https://sunny-garden-blog.com/');
    expect(result.final_url).toBe('https://sunny-garden-blog.com/');
    expect(result.ip).toBe('127.0.0.1');
    expect(result.checks.map((category) => category.category)).toContain('TLS Certificate');
    const tls = result.checks.find((category) => category.category === 'TLS Certificate');
    expect(tls?.details.every((detail) => detail.risk_score === 0)).toBe(true);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
    expect(world.dns.queries).toContain('A sunny-garden-blog.com');
    // What an analyst pivots on: the certificate, the page's hash and its hosting.
    expect(result.certificate?.subject_alt_names).toContain('sunny-garden-blog.com');
    expect(result.certificate?.trusted).toBe(true);
    expect(result.certificate?.valid_to).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(result.page_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.hosting).toEqual({ ip: '127.0.0.1', country_code: null, country_name: null, asn: null, as_name: null });
  });

  it('refuses loopback fixtures when private networks are not allowed, without touching them or disclosing their address', async () => {
    const before = world.server.requests.length;
    const queriesBefore = world.dns.queries.length;
    const result = await scan('https://sunny-garden-blog.com/', {
      ...world.scanOptions,
      network: { ...world.scanOptions.network, allowPrivateNetworks: false },
      extendedChecks: { dns_checks: true, ip_checks: true, page_checks: true },
    });
    expect(world.server.requests.length).toBe(before);
    expect(result.ip).toBeNull();
    expect(result.dns_checks).toBeUndefined();
    expect(result.ip_checks).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('127.0.0.1');
    // Only the guard's own address lookups: no MX, TXT, NS, PTR… for a refused target.
    expect(world.dns.queries.slice(queriesBefore).every((query) => /^(A|AAAA) /.test(query))).toBe(true);
  });

  it('refuses empty input with the specified message', async () => {
    await expect(scan('  ', world.scanOptions)).rejects.toEqual(new ScanInputError(EMPTY_URL_MESSAGE));
  });

  it('applies a profile: inactive details no longer count', async () => {
    const result = await scan('http://sunny-garden-blog.com/', {
      ...world.scanOptions,
      profile: {
        uid: 'p1',
        name: 'No http warning',
        is_default: false,
        count_zero_values: false,
        checks: [{ category: 'URL Analysis', details: [{ name: 'url_plain_http', title: 'Unencrypted address', is_active: false }] }],
        additional_checks: [],
      },
    });
    const detail = result.checks.flatMap((category) => category.details).find((entry) => entry.name === 'url_plain_http');
    expect(detail).toMatchObject({ is_active: false });
    expect(detail?.risk_score).toBeGreaterThan(0);
  });

  it('returns the extended groups it can answer; a fast check keeps only web technologies', async () => {
    const full = await scan('https://daily-metro-news.com/', {
      ...world.scanOptions,
      extendedChecks: { dns_checks: true, page_checks: true },
    });
    expect(full.dns_checks?.dns_lookup.result).toEqual(['A 127.0.0.1 (TTL 1)']);
    expect(full.checks.map((category) => category.category)).toContain('DNS Records');
    expect(full.page_checks).toContain('https://daily-metro-news.com/sport/');
    expect(full.page_checks?.every((link) => /^https?:\/\//.test(link))).toBe(true);
    const fast = await scan('https://daily-metro-news.com/', {
      ...world.scanOptions,
      fastCheck: true,
      extendedChecks: { dns_checks: true, page_checks: true, webtech_check: true },
    });
    expect(fast.dns_checks).toBeUndefined();
    expect(fast.page_checks).toBeUndefined();
    expect(fast.webtech).toBeDefined();
    expect(fast.checks.map((category) => category.category)).not.toContain('DNS Records');
  });

  it('runs the same checks on a rendered page when a browser stage provides one', async () => {
    const rendered = '<title>Log in to your PayPal account</title><form action="/p"><input type="password" name="p"></form>';
    let policyResolver: unknown = null;
    const options = {
      ...world.scanOptions,
      render: async (collected: Collected, fetchOptions: GuardedFetchOptions) => {
        policyResolver = fetchOptions.resolver;
        return { finalUrl: collected.finalUrl, html: rendered, requests: [], screenshot: 'screenshots/abc.png', downloads: [] };
      },
    };
    const result = await scan('https://sunny-garden-blog.com/', options);
    expect(policyResolver).toBe(world.resolver);
    expect(result.screenshot_link).toBe('screenshots/abc.png');
    expect(result.overall_risk).toBeGreaterThanOrEqual(80);
    // Every report carries a screenshot (SPEC §1): a fast check renders the page too.
    const fast = await scan('https://sunny-garden-blog.com/', { ...options, fastCheck: true });
    expect(fast.screenshot_link).toBe('screenshots/abc.png');
    expect(fast.overall_risk).toBeGreaterThanOrEqual(80);
  });

  it('reads the inline images of a rendered page for QR codes when the screenshot showed none', async () => {
    // The page as Chromium left it, its code an inline PNG that a loaded machine photographed undecoded.
    const html = readFileSync(new URL('../../../fixtures/sites/secure-mfa-reenrol.com/public/index.html', import.meta.url), 'utf8');
    const result = await scan('https://secure-mfa-reenrol.com/', {
      ...world.scanOptions,
      render: async (collected: Collected) => ({
        finalUrl: collected.finalUrl,
        html,
        requests: [],
        screenshot: null,
        downloads: [],
        qrCodes: [],
      }),
    });
    const qrLure = result.checks.flatMap((category) => category.details).find((detail) => detail.name === 'page_qr_lure');
    expect(qrLure?.message).toMatch(/leading to another site, m365-device-enrol\.top/);
  });

  it('announces its stages in order, and stops where the announcement throws (a cancelled scan, issue 37)', async () => {
    const stages: string[] = [];
    const rendered: string[] = [];
    const options = {
      ...world.scanOptions,
      render: async (collected: Collected) => {
        // The browser stage learns how long the plain fetch took: a slow page is fetched once.
        expect(collected.fetchMs).toEqual(expect.any(Number));
        rendered.push(collected.requestedUrl);
        return { finalUrl: collected.finalUrl, html: '<title>x</title>', requests: [], screenshot: null, downloads: [] };
      },
    };
    await scan('https://sunny-garden-blog.com/', { ...options, onStage: (stage) => void stages.push(stage) });
    expect(stages).toEqual(['fetching', 'rendering', 'judging']);
    expect(rendered).toHaveLength(1);
    const stopped = scan('https://sunny-garden-blog.com/', {
      ...options,
      onStage: (stage) => {
        if (stage === 'rendering') throw new Error('cancelled');
      },
    });
    await expect(stopped).rejects.toThrow('cancelled');
    expect(rendered).toHaveLength(1);
  });

  it('runs extra checks from the caller like core ones', async () => {
    const blocklist = defineCheck(
      'Reputation',
      [{ name: 'rep_blocklist', title: 'Blocklist', background_info: 'b', explanation: 'e', clean: 'Not listed.' }] as const,
      () => ({ rep_blocklist: { risk_score: 95, message: 'Listed by a phishing feed.' } }),
    );
    const listed = await scan('https://sunny-garden-blog.com/', { ...world.scanOptions, extraChecks: [blocklist] });
    expect(listed.checks.at(-1)?.category).toBe('Reputation');
    expect(listed.risk_score_text.name).toBe('Danger');
  });
});
