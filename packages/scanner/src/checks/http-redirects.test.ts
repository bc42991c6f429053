import { describe, expect, it } from 'vitest';
import { html, runCheck, scoreOf } from '../testing/check-harness.ts';
import { httpRedirectsCheck } from './http-redirects.ts';

const SECURE_HEADERS = {
  'strict-transport-security': 'max-age=31536000',
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
const page = html('<p>Hello</p>');

describe('HTTP and redirects', () => {
  it('finds nothing for a direct, well-configured page', () => {
    const category = runCheck(httpRedirectsCheck, { url: 'https://example.org/', html: page, headers: SECURE_HEADERS });
    expect(category.details.every((detail) => detail.risk_score === 0)).toBe(true);
  });

  it('treats http→https and www redirects within one site as normal', () => {
    const category = runCheck(httpRedirectsCheck, {
      url: 'http://example.org/',
      finalUrl: 'https://www.example.org/home',
      html: page,
      headers: SECURE_HEADERS,
      redirects: [
        { from: 'http://example.org/', to: 'https://example.org/', kind: 'http', status: 301 },
        { from: 'https://example.org/', to: 'https://www.example.org/home', kind: 'http', status: 301 },
      ],
    });
    expect(category.details.every((detail) => detail.risk_score === 0)).toBe(true);
  });

  it('flags chains through several domains, many hops, open redirects and a different landing domain', () => {
    const category = runCheck(httpRedirectsCheck, {
      url: 'https://click.mailer.example/r?u=https%3A%2F%2Fads.example.net%2Fout%3Furl%3Dhttps%253A%252F%252Fphish.example.com%252F',
      finalUrl: 'https://phish.example.com/',
      html: page,
      headers: SECURE_HEADERS,
      redirects: [
        {
          from: 'https://click.mailer.example/r?u=https%3A%2F%2Fads.example.net%2Fout%3Furl%3Dhttps%253A%252F%252Fphish.example.com%252F',
          to: 'https://ads.example.net/out?url=https%3A%2F%2Fphish.example.com%2F',
          kind: 'http',
          status: 302,
        },
        {
          from: 'https://ads.example.net/out?url=https%3A%2F%2Fphish.example.com%2F',
          to: 'https://phish.example.com/',
          kind: 'http',
          status: 302,
        },
        { from: 'https://phish.example.com/', to: 'https://phish.example.com/a', kind: 'http', status: 302 },
        { from: 'https://phish.example.com/a', to: 'https://phish.example.com/', kind: 'http', status: 302 },
      ],
    });
    expect(scoreOf(category, 'http_cross_domain_redirects')).toBeGreaterThanOrEqual(40);
    expect(scoreOf(category, 'http_open_redirect')).toBeGreaterThanOrEqual(50);
    expect(scoreOf(category, 'http_many_hops')).toBeGreaterThan(0);
    expect(scoreOf(category, 'http_landing_domain_differs')).toBeGreaterThan(0);
  });

  it('flags a meta refresh or script redirect to another domain', () => {
    const category = runCheck(httpRedirectsCheck, {
      url: 'https://gate.example.com/',
      finalUrl: 'https://target.example.net/',
      html: page,
      headers: SECURE_HEADERS,
      redirects: [{ from: 'https://gate.example.com/', to: 'https://target.example.net/', kind: 'script', status: 200 }],
    });
    expect(scoreOf(category, 'http_client_redirect')).toBeGreaterThanOrEqual(40);
  });

  it('flags a chain that ends at an address the guard refused', () => {
    const category = runCheck(httpRedirectsCheck, {
      url: 'https://probe.example.com/',
      finalUrl: 'http://192.168.1.1/admin',
      redirects: [{ from: 'https://probe.example.com/', to: 'http://192.168.1.1/admin', kind: 'http', status: 302 }],
      failure: { code: 'forbidden_address', message: 'Refused: 192.168.1.1 is not public', url: 'http://192.168.1.1/admin', refused: true },
    });
    expect(scoreOf(category, 'http_redirect_to_internal')).toBeGreaterThanOrEqual(60);
  });

  it('flags missing security headers weakly, and error pages', () => {
    const category = runCheck(httpRedirectsCheck, { url: 'https://example.org/', html: page, status: 404 });
    expect(scoreOf(category, 'http_missing_security_headers')).toBeGreaterThan(0);
    expect(scoreOf(category, 'http_missing_security_headers')).toBeLessThanOrEqual(10);
    expect(scoreOf(category, 'http_error_page')).toBeGreaterThan(0);
  });

  it('names a redirect loop as a loop, with its hops, and says no page was reached', () => {
    const a = 'https://loop.example.org/a';
    const b = 'https://loop.example.org/b';
    const redirects = Array.from({ length: 11 }, (_, n) => ({
      from: n % 2 ? b : a,
      to: n % 2 ? a : b,
      kind: 'http' as const,
      status: 302,
    }));
    const category = runCheck(httpRedirectsCheck, {
      url: a,
      finalUrl: a,
      redirects,
      failure: { code: 'too_many_redirects', message: 'More than 10 redirects', url: b, refused: false },
    });
    const hops = category.details.find((detail) => detail.name === 'http_many_hops');
    expect(hops?.message).toContain(`redirects in a loop (${a} → ${b} → ${a})`);
    expect(hops?.message).not.toContain('final page is reached');
    const error = category.details.find((detail) => detail.name === 'http_error_page');
    expect(error?.message).toBe('No page answered: the redirects go round in a loop.');
  });
});
