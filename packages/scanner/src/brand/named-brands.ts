import { type Brand, type BrandCatalogue, brandCatalogue } from './brand-catalogue.ts';
import { compactName } from './brand-name.ts';

/**
 * A curated brand with the names that identify it beyond doubt in hosts, paths, titles and logos:
 * its look-alike tokens, plus its full name spelt out when that compacts to one of them (`wells
 * fargo` beside `wellsfargo`), plus the names its pages show in any script (its aliases). A curated brand without tokens goes by an everyday word (Orange,
 * Visa, Zoom); finding that word proves nothing, so such brands are left to the logo checks.
 */
export type NamedBrand = { brand: Brand; pattern: RegExp };

function spelledOut(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .join('[^a-z0-9]+');
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Names written in Latin letters match as whole words; other scripts (三井住友銀行, Госуслуги) wherever they stand. */
const isLatin = (name: string) => /^[a-z0-9\s.&'’+-]+$/.test(fold(name).replace(/ı/g, 'i'));

function named(brand: Brand): NamedBrand {
  const names = [...brand.tokens];
  if (brand.tokens.includes(compactName(brand.name))) names.push(spelledOut(brand.name));
  // A brand known by its address (`gov.br`, `gov.uk`) is named by it as written, dot and all.
  names.push(...brand.domains.filter((domain) => brand.tokens.includes(compactName(domain))).map(escape));
  const aliases = brand.curated ? brand.aliases : [];
  names.push(
    ...aliases
      .filter(isLatin)
      .map(spelledOut)
      .filter((name) => name.length >= 3),
  );
  const scripts = aliases.filter((alias) => !isLatin(alias)).map((alias) => escape(fold(alias)));
  const whole = names.length > 0 ? [`(?:^|[^a-z0-9])(?:${names.join('|')})(?:[^a-z0-9]|$)`] : [];
  return { brand, pattern: new RegExp([...whole, ...scripts].join('|') || '(?!)', 'u') };
}

const lists = new WeakMap<BrandCatalogue, NamedBrand[]>();

/** The curated brands that have names of their own, in catalogue order. */
export function namedBrands(catalogue: BrandCatalogue = brandCatalogue()): readonly NamedBrand[] {
  let list = lists.get(catalogue);
  if (!list) {
    list = catalogue.brands.filter((brand) => brand.curated && (brand.tokens.length > 0 || brand.aliases.length > 0)).map(named);
    lists.set(catalogue, list);
  }
  return list;
}

/** Brands named as whole words in `text`: `PayPal`, `paypal-logo.svg`, `Bank of America`, not `pineapple`. */
export function brandsNamedIn(text: string, catalogue: BrandCatalogue = brandCatalogue()): Brand[] {
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return namedBrands(catalogue)
    .filter(({ pattern }) => pattern.test(folded))
    .map(({ brand }) => brand);
}

/** True when `registrableDomain` is one the brand really uses. */
export function ownsDomain(brand: Brand, registrableDomain: string | null): boolean {
  return registrableDomain !== null && brand.domains.includes(registrableDomain);
}
