import { brandCatalogue, defaultBrandMatcher, hostParts, isShortener, isUserContentHost, PathBrands } from '@riskscan/scanner';

const pathBrands = new PathBrands(brandCatalogue());
const brands = defaultBrandMatcher();
const GOV = /(^|[.-])(gov|govt|gouv|gob)([.-]|\d|$)/;

/** The phishing family a URL belongs to, by stated rules, for the evaluation's per-family figures. */
export function phishingFamily(url: URL): string {
  const parts = hostParts(url.hostname);
  if (isShortener(parts.host)) return 'shortener';
  if (parts.host.includes('ipfs') || url.pathname.includes('/ipfs/')) return 'ipfs';
  if (isUserContentHost(parts.host)) return 'platform-tenant';
  if (parts.isIp) return 'ip-host';
  if (GOV.test(parts.subdomain) || GOV.test(parts.label ?? '')) return 'gov-lure';
  if (/^(com|net|org|co)-/.test(parts.label ?? '') && parts.subdomain) return 'brand.com-combosquat';
  if (brands.find(parts).length > 0) return 'brand-in-host';
  if (pathBrands.find(url.pathname.toLowerCase() + url.search.toLowerCase())) return 'path-only-brand';
  return 'brandless';
}
