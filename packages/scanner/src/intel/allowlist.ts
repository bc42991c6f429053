import type { BrandCatalogue } from '../brand/brand-catalogue.ts';

/**
 * Well-known domains where anyone can publish a page or a form, or that only redirect: a phishing
 * page on them is the tenant's, so they never vouch for the URLs they serve.
 */
export const USER_CONTENT_HOSTS: ReadonlySet<string> = new Set([
  '000webhostapp.com',
  'amazonaws.com',
  'appspot.com',
  'azurewebsites.net',
  'bit.ly',
  'blogger.com',
  'blogspot.com',
  'cloudfront.net',
  'dropboxusercontent.com',
  'firebaseapp.com',
  'forms.gle',
  'github.io',
  'githubusercontent.com',
  'glitch.me',
  'godaddysites.com',
  'googleusercontent.com',
  'herokuapp.com',
  'ipfs.io',
  'jimdosite.com',
  'jotform.com',
  'netlify.app',
  'notion.site',
  'pages.dev',
  'r2.dev',
  'square.site',
  'typeform.com',
  'vercel.app',
  'web.app',
  'webflow.io',
  'weebly.com',
  'windows.net',
  'wix.com',
  'wixsite.com',
  'wordpress.com',
  'workers.dev',
]);

/** Registrable domains trusted enough to damp weak and domain-wide signals. */
export type Allowlist = { has(domain: string): boolean; readonly size: number };

export function createAllowlist(domains: Iterable<string>): Allowlist {
  const trusted = new Set<string>();
  for (const domain of domains) if (!USER_CONTENT_HOSTS.has(domain)) trusted.add(domain);
  return { has: (domain) => trusted.has(domain), size: trusted.size };
}

/** The default allowlist: the top sites and the curated brands' own domains. */
export function defaultAllowlist(catalogue: BrandCatalogue, topSites: readonly string[]): Allowlist {
  const curated = catalogue.brands.filter((brand) => brand.curated).flatMap((brand) => brand.domains);
  return createAllowlist([...topSites, ...curated]);
}
