import { hostParts } from '../url/host-parts.ts';
import { compactName } from './brand-name.ts';
import { MORE_PHISHED_BRANDS } from './more-phished-brands.ts';
import { type BrandSector, type CuratedBrand, PHISHED_BRANDS } from './phished-brands.ts';
import { simpleIconBrands } from './simple-icons-brands.ts';

export type Brand = {
  name: string;
  sector: BrandSector;
  /** Registrable domains the brand really uses. */
  domains: string[];
  /** Names a look-alike host would carry (compacted: `paypal`, `bankofamerica`). */
  tokens: string[];
  /** Other names the brand goes by, for finding it in page text. */
  aliases: string[];
  color: string | null;
  /** simple-icons slug of the brand's logo, when it has one. */
  logo: string | null;
  /** Curated brands are the ones phishing targets most; their look-alikes weigh more. */
  curated: boolean;
};

export type BrandCatalogue = {
  brands: Brand[];
  /** The brand a registrable domain belongs to. */
  byDomain: Map<string, Brand>;
};

// simple-icons names of this length or longer that equal their own domain label are distinctive
// enough to flag inside someone else's host name; shorter ones (`line`, `next`) are everyday words.
const MIN_ICON_TOKEN = 6;

function registrable(domain: string): string {
  return hostParts(domain).domain ?? domain;
}

/**
 * The hand-curated brands; a later entry whose domain an earlier brand owns (`Coinbase Wallet` on
 * coinbase.com) lends that brand its tokens instead of becoming a second brand.
 */
export function fromCurated(lists: CuratedBrand[][]): Brand[] {
  const brands: Brand[] = [];
  const owners = new Map<string, Brand>();
  for (const curated of lists.flat()) {
    const domains = [...new Set(curated.domains.map(registrable))];
    const owner = domains.map((domain) => owners.get(domain)).find((brand) => brand !== undefined);
    if (owner) {
      for (const token of curated.tokens) if (!owner.tokens.includes(token)) owner.tokens.push(token);
      for (const alias of curated.aliases ?? []) if (!owner.aliases.includes(alias)) owner.aliases.push(alias);
      for (const domain of domains) {
        if (owners.has(domain)) continue;
        owners.set(domain, owner);
        owner.domains.push(domain);
      }
      continue;
    }
    const brand: Brand = {
      name: curated.name,
      sector: curated.sector,
      domains,
      tokens: [...curated.tokens],
      aliases: [...(curated.aliases ?? [])],
      color: curated.color ?? null,
      logo: null,
      curated: true,
    };
    brands.push(brand);
    for (const domain of domains) owners.set(domain, brand);
  }
  return brands;
}

/**
 * The curated most-phished brands plus every simple-icons brand with an attributable domain. An
 * icon whose domain a curated brand owns lends that brand its logo instead of a second entry.
 */
export function buildBrandCatalogue(): BrandCatalogue {
  const brands = fromCurated([PHISHED_BRANDS, MORE_PHISHED_BRANDS]);
  const byDomain = new Map<string, Brand>();
  for (const brand of brands) for (const domain of brand.domains) byDomain.set(domain, brand);

  for (const icon of simpleIconBrands()) {
    if (icon.domains.length === 0) continue;
    const owner = icon.domains.map((domain) => byDomain.get(domain)).find((brand) => brand !== undefined);
    if (owner) {
      if (owner.logo === null && compactName(owner.name) === compactName(icon.name)) owner.logo = icon.slug;
      continue;
    }
    const compact = compactName(icon.name);
    const ownLabel = icon.domains.some((domain) => domain.split('.')[0]?.replaceAll('-', '') === compact);
    const brand: Brand = {
      name: icon.name,
      sector: 'other',
      domains: icon.domains,
      tokens: ownLabel && compact.length >= MIN_ICON_TOKEN ? [compact] : [],
      aliases: icon.aliases,
      color: icon.color,
      logo: icon.slug,
      curated: false,
    };
    brands.push(brand);
    for (const domain of icon.domains) if (!byDomain.has(domain)) byDomain.set(domain, brand);
  }
  return { brands, byDomain };
}

let shared: BrandCatalogue | null = null;

/** The catalogue built once per process: it is read-only after building. */
export function brandCatalogue(): BrandCatalogue {
  shared ??= buildBrandCatalogue();
  return shared;
}
