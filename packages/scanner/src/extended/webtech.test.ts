import { describe, expect, it } from 'vitest';
import { buildCheckContext } from '../checks/check-context.ts';
import { collectedFor, HARNESS_NOW, type PageSetup } from '../testing/check-harness.ts';
import { detectWebtech, resolveVersion } from './webtech.ts';
import { parseSetCookie, webtechEvidence } from './webtech-evidence.ts';
import { bundledFingerprints, compileFingerprints, parsePattern, webtechGlobalNames } from './webtech-fingerprints.ts';

const WORDPRESS_PAGE = `<!doctype html><html><head>
<meta name="generator" content="WordPress 6.4.2">
<link rel="stylesheet" href="https://blog.example.org/wp-content/themes/twentytwentyfour/style.css">
<script src="https://blog.example.org/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
</head><body><p>Hello</p></body></html>`;

function detect(setup: PageSetup) {
  const collected = collectedFor(setup);
  return detectWebtech(webtechEvidence(collected, buildCheckContext(collected, HARNESS_NOW).page), bundledFingerprints());
}

const names = (found: { name: string }[]) => found.map((entry) => entry.name);

describe('detectWebtech with the bundled fingerprints', () => {
  it('finds a CMS from its meta tag, its version, its implied language and script URLs', () => {
    const found = detect({
      url: 'https://blog.example.org/',
      html: WORDPRESS_PAGE,
      headers: { server: 'nginx/1.24.0', 'set-cookie': 'wordpress_test_cookie=WP%20Cookie%20check; path=/; secure' },
    });
    expect(found).toContainEqual(
      expect.objectContaining({ name: 'WordPress', version: '6.4.2', categories: expect.arrayContaining(['CMS']) }),
    );
    expect(found).toContainEqual(expect.objectContaining({ name: 'jQuery', version: '3.7.1' }));
    expect(found).toContainEqual(
      expect.objectContaining({ name: 'Nginx', version: '1.24.0', categories: expect.arrayContaining(['Web servers']) }),
    );
    expect(names(found)).toContain('PHP');
    expect(names(found)).toContain('MySQL');
  });

  it('reads JavaScript globals when the rendered page provides them', () => {
    const rendered = {
      finalUrl: 'https://app.example.org/',
      html: '<div id="root"></div>',
      requests: [],
      screenshot: null,
      downloads: [],
      globals: { 'React.version': '18.2.0' },
    };
    const found = detect({ url: 'https://app.example.org/', html: '<div id="root"></div>', rendered });
    expect(found).toContainEqual(expect.objectContaining({ name: 'React', version: '18.2.0' }));
    expect(webtechGlobalNames()).toContain('React.version');
  });

  it('finds nothing on a bare page', () => {
    expect(detect({ url: 'https://plain.example.org/', html: '<p>plain</p>' })).toEqual([]);
  });
});

describe('fingerprint rules', () => {
  const fingerprints = compileFingerprints({
    source: 'test',
    categories: { '1': 'CMS', '27': 'Programming languages' },
    technologies: {
      Shopware: {
        cats: [1],
        meta: { 'application-name': 'Shopware' },
        implies: 'PHP\\;confidence:50',
        scriptSrc: 'shopware-(\\d+)\\.js\\;version:\\1',
      },
      PHP: { cats: [27], headers: { 'X-Powered-By': 'php/?([\\d.]+)?\\;version:\\1' } },
      Weak: { cats: [1], html: '<div class="weak"\\;confidence:25' },
      Needy: { cats: [1], html: 'needy', requires: 'Missing' },
    },
  });
  const evidence = {
    url: 'https://x.example/',
    headers: {},
    cookies: {},
    html: '',
    scriptUrls: [],
    inlineScripts: [],
    meta: {},
    globals: {},
  };

  it('matches script URLs, carries implied confidence and honours requires and weak confidence', () => {
    const found = detectWebtech(
      {
        ...evidence,
        meta: { 'application-name': 'Shopware 6' },
        scriptUrls: ['https://x.example/shopware-6.js'],
        html: '<div class="weak"> needy',
      },
      fingerprints,
    );
    expect(found).toEqual([
      { name: 'PHP', version: null, categories: ['Programming languages'] },
      { name: 'Shopware', version: '6', categories: ['CMS'] },
    ]);
  });

  it('parses tags and resolves version templates, ternaries included', () => {
    expect(parsePattern('jquery-([\\d.]+)\\.js\\;version:\\1\\;confidence:50')).toMatchObject({ version: '\\1', confidence: 50 });
    expect(parsePattern('(?<!unclosed')).toBeNull();
    expect(resolveVersion('\\1?next:', /a(b)?/.exec('ab')!)).toBe('next');
    expect(resolveVersion('\\1?next:old', /a(b)?/.exec('a')!)).toBe('old');
  });

  it('splits joined Set-Cookie headers without breaking on expiry dates', () => {
    expect(parseSetCookie('a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, PHPSESSID=abc; HttpOnly')).toEqual({
      a: '1',
      phpsessid: 'abc',
    });
  });
});
