import { type BrandCatalogue, brandCatalogue, fromCurated } from './brand-catalogue.ts';
import { MARKET_BRANDS } from './data/market-brands.ts';
import { REGIONAL_BRANDS } from './data/regional-brands.ts';
import { MORE_PHISHED_BRANDS } from './more-phished-brands.ts';
import { PHISHED_BRANDS } from './phished-brands.ts';

let shared: BrandCatalogue | null = null;

/**
 * The brands a page may present itself as: the shared catalogue plus the regional brands
 * (government portals, tax offices, toll operators, carriers, wallets, banks by country) and the
 * brands of the markets the lexicon reads, with their names in their own scripts. Only
 * page checks read it, so the URL verdict's brand features stay as they were trained.
 */
export function pageBrandCatalogue(): BrandCatalogue {
  if (!shared) {
    const curated = fromCurated([PHISHED_BRANDS, MORE_PHISHED_BRANDS, REGIONAL_BRANDS, MARKET_BRANDS]);
    const brands = [...curated, ...brandCatalogue().brands.filter((brand) => !brand.curated)];
    const byDomain = new Map(brandCatalogue().byDomain);
    for (const brand of curated) for (const domain of brand.domains) byDomain.set(domain, brand);
    shared = { brands, byDomain };
  }
  return shared;
}
