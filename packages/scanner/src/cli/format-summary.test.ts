import type { CheckResult } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { formatSummary } from './format-summary.ts';

const BASE: CheckResult = {
  url: 'https://shop.example.org/',
  geo_location: { country_name: 'Unknown', country_flag: '' },
  screenshot_link: null,
  overall_risk: 5,
  risk_score_text: { name: 'Secure' },
  classification: [],
  ai_analysis: null,
  checks: [],
  recently_scanned: false,
};

describe('formatSummary', () => {
  it('prints the extended groups that are present, lists cut to ten', () => {
    const text = formatSummary({
      ...BASE,
      webtech: [{ name: 'WordPress', version: '6.4.2', categories: ['CMS'] }, { name: 'PHP' }],
      dns_checks: { dns_lookup: { title: 'DNS records of shop.example.org', result: ['A 198.51.100.7 (TTL 300)'] } },
      ip_checks: {
        as_lookup: { title: 'AS lookup of 198.51.100.7', result: 'AS64500 Example Hosting' },
        ip_geo: { title: 'Geolocation of 198.51.100.7', result: ['Country: Germany (DE)'] },
        reverse_dns: { title: 'Reverse DNS of 198.51.100.7', result: 'host7.example.net' },
        reverse_ip_lookup: { title: 'Other domains on 198.51.100.7', result: ['other.example'] },
      },
      page_checks: Array.from({ length: 12 }, (_, index) => `https://shop.example.org/p${index}`),
    });
    expect(text).toContain('Web technology:\n  WordPress 6.4.2\n  PHP');
    expect(text).toContain('DNS records of shop.example.org:\n  A 198.51.100.7 (TTL 300)');
    expect(text).toContain(
      'IP information:\n  AS64500 Example Hosting\n  Country: Germany (DE)\n  PTR host7.example.net\n  Domains (1):\n    other.example',
    );
    expect(text).toContain('WebSite Links: URL (12)');
    expect(text).toContain('https://shop.example.org/p9\n  … 2 more');
    expect(text).not.toContain('p10');
  });

  it('prints no extended section when none is present', () => {
    expect(formatSummary(BASE)).not.toMatch(/Web technology|IP information|WebSite Links/);
  });
});
