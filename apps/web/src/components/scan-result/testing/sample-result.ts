import type { CheckResult } from '@riskscan/contracts';

const links = Array.from({ length: 14 }, (_, i) => `https://shop.example.test/page-${i + 1}`);
links.push('https://shop.example.test/search?q="a,b"');
const domains = Array.from({ length: 12 }, (_, i) => `neighbour-${i + 1}.example.test`);

function detail(name: string, title: string, score: number, isActive = true) {
  return {
    name,
    title,
    message: `${title}: finding for this page. `.repeat(score > 50 ? 12 : 1).trim(),
    background_info: `${title} looks at one aspect of the page.`,
    explanation: `Why ${title.toLowerCase()} matters for visitors.`,
    risk_score: score,
    is_active: isActive,
  };
}

/** A full report as the scan service returns it, for component and end-to-end tests. */
export const sampleResult: CheckResult = {
  uid: 'scan-sample-1',
  url: 'https://shop.example.test/',
  final_url: 'https://login.shop-example.test/signin',
  redirect_chain: ['https://shop.example.test/', 'https://login.shop-example.test/signin'],
  ip: '192.0.2.10',
  geo_location: { country_name: 'Switzerland', country_flag: '/flags/ch.svg' },
  screenshot_link: '/screenshots/scan-sample-1.png',
  overall_risk: 72,
  risk_score_text: { name: 'Risky' },
  classification: [
    { name: 'Phishing', description: 'The page asks for credentials while pretending to be another site.' },
    { name: 'Newly registered', description: 'The domain was registered in the last 30 days.' },
  ],
  ai_analysis: 'The page imitates a well-known shop and asks for card details on a domain registered last week.',
  checks: [
    { category: 'Domain', risk_score: 80, details: [detail('domain_age', 'Domain age', 90), detail('whois_privacy', 'WHOIS privacy', 40)] },
    { category: 'Content', risk_score: 60, details: [detail('login_form', 'Login form', 70)] },
    { category: 'Reputation', risk_score: 10, details: [detail('blocklists', 'Blocklists', 0)] },
    { category: 'TLS', risk_score: 20, details: [detail('certificate', 'Certificate', 20)] },
    { category: 'Redirects', risk_score: 0, details: [detail('redirect_chain', 'Redirect chain', 0)] },
    { category: 'Brand', risk_score: 0, details: [] },
    {
      category: 'Scripts',
      risk_score: 0,
      details: ['Obfuscated scripts', 'Crypto miners', 'Keyloggers', 'Hidden iframes', 'Clipboard hijack'].map((title, i) =>
        detail(`script_${i}`, title, 0, false),
      ),
    },
  ],
  recently_scanned: false,
  webtech: [{ name: 'nginx', version: '1.25' }, { name: 'React' }],
  dns_checks: { dns_lookup: { title: 'DNS lookup', result: ['A 192.0.2.10', 'MX mail.example.test'] } },
  ip_checks: {
    as_lookup: { title: 'AS lookup', result: 'AS64500 Example Hosting' },
    ip_geo: { title: 'IP geolocation', result: ['Country: Switzerland (CH)', 'City: Zurich'] },
    reverse_dns: { title: 'Reverse DNS', result: 'host-10.example.test' },
    reverse_ip_lookup: { title: 'Reverse IP lookup', result: domains },
  },
  page_checks: links,
  contacted_domains: ['shop.example.test', 'cdn.example.net'],
};
