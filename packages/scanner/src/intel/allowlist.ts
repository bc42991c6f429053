import { underBrandTld, USER_CONTENT_HOSTS } from '../url-knowledge/index.ts';
import type { BrandCatalogue } from '../brand/brand-catalogue.ts';

/**
 * Registrable domains trusted enough to damp weak and domain-wide signals: the listed ones and
 * every name under a brand's own top-level domain (`cloud.microsoft`, decision 606).
 */
export type Allowlist = { has(domain: string): boolean; readonly size: number };

export function createAllowlist(domains: Iterable<string>): Allowlist {
  const trusted = new Set<string>();
  for (const domain of domains) if (!USER_CONTENT_HOSTS.has(domain)) trusted.add(domain);
  return { has: (domain) => trusted.has(domain) || underBrandTld(domain), size: trusted.size };
}

/**
 * The default allowlist: the top sites and every catalogue brand's own domains (curated by hand,
 * or attributed to a simple-icons brand only when the domain's name is the brand's).
 */
export function defaultAllowlist(catalogue: BrandCatalogue, topSites: readonly string[]): Allowlist {
  return createAllowlist([...topSites, ...catalogue.byDomain.keys()]);
}
