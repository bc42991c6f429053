import type { CheckCategory, CheckDetail } from '@riskscan/contracts';

type Side = NonNullable<CheckDetail['side']>;

/**
 * Which side of the scan's one verdict each category speaks for: the address as typed (URL), the
 * domain and the servers behind it (domain), or what the page showed and asked (page). A category
 * not listed here (a caller's own check) is the address's.
 */
const SIDE_OF_CATEGORY: Readonly<Record<string, Side>> = {
  'URL Analysis': 'url',
  'HTTP & Redirects': 'url',
  'Threat Intelligence': 'url',
  'TLS Certificate': 'domain',
  'DNS Records': 'domain',
  'Domain Registration': 'domain',
  'IP Reputation': 'domain',
  'Web Technologies': 'page',
  'Page Content': 'page',
  'Malicious Behaviour': 'page',
  'Page Judgement': 'page',
  Cloaking: 'page',
};

/** Details that speak for the domain although their category reads the address: a look-alike name is the domain's. */
const SIDE_OF_DETAIL: Readonly<Record<string, Side>> = {
  threat_typosquatting: 'domain',
  threat_brand_impersonation: 'domain',
  url_brand_misuse: 'domain',
  url_punycode_mixed_script: 'domain',
  url_suspicious_tld: 'domain',
  url_random_label: 'domain',
  tls_missing: 'url',
};

/** The categories with every detail labelled by its side, so each reason shown says where it came from. */
export function withSides(categories: readonly CheckCategory[]): CheckCategory[] {
  return categories.map((category) => ({
    ...category,
    details: category.details.map((detail) => ({
      ...detail,
      side: SIDE_OF_DETAIL[detail.name] ?? SIDE_OF_CATEGORY[category.category] ?? 'url',
    })),
  }));
}
