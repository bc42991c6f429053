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

/**
 * A brand's pattern with what a text must hold for it to match: one of `words` as a whole word
 * (the first word of each name; a Latin name matches only where it stands between non-letters),
 * or one of `scripts` anywhere. A name whose first word cannot be told (`words` null) is always tried.
 */
type IndexedBrand = NamedBrand & { words: string[] | null; scripts: string[] };

/** The first word of a whole-word name's pattern source, when the name goes on with a separator or ends there. */
const firstWord = (source: string) => /^([a-z0-9]+)(?:$|\[\^a-z0-9\]\+|\\\.|-)/.exec(source)?.[1] ?? null;

function named(brand: Brand): IndexedBrand {
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
  const scripts = aliases.filter((alias) => !isLatin(alias)).map(fold);
  const whole = names.length > 0 ? [`(?:^|[^a-z0-9])(?:${names.join('|')})(?:[^a-z0-9]|$)`] : [];
  const words = names.map(firstWord);
  return {
    brand,
    pattern: new RegExp([...whole, ...scripts.map(escape)].join('|') || '(?!)', 'u'),
    words: words.every((word) => word !== null) ? words : null,
    scripts,
  };
}

/** The named brands of a catalogue, in its order, and which of them a word of a text makes worth trying. */
type NamedIndex = { list: IndexedBrand[]; byWord: Map<string, number[]>; always: number[]; scripted: number[] };

const indexes = new WeakMap<BrandCatalogue, NamedIndex>();

function namedIndex(catalogue: BrandCatalogue): NamedIndex {
  let index = indexes.get(catalogue);
  if (!index) {
    const list = catalogue.brands.filter((brand) => brand.curated && (brand.tokens.length > 0 || brand.aliases.length > 0)).map(named);
    index = { list, byWord: new Map(), always: [], scripted: [] };
    for (const [at, { words, scripts }] of list.entries()) {
      if (words === null) index.always.push(at);
      else for (const word of new Set(words)) index.byWord.set(word, [...(index.byWord.get(word) ?? []), at]);
      if (scripts.length > 0) index.scripted.push(at);
    }
    indexes.set(catalogue, index);
  }
  return index;
}

/** The curated brands that have names of their own, in catalogue order. */
export function namedBrands(catalogue: BrandCatalogue = brandCatalogue()): readonly NamedBrand[] {
  return namedIndex(catalogue).list;
}

/**
 * Brands named as whole words in `text`: `PayPal`, `paypal-logo.svg`, `Bank of America`, not `pineapple`.
 * Checks call this for every title, label and word of a page: only the brands one of the text's
 * words (or a script name it holds) can name are tried, not the catalogue's hundreds of patterns.
 */
export function brandsNamedIn(text: string, catalogue: BrandCatalogue = brandCatalogue()): Brand[] {
  const folded = fold(text);
  const { list, byWord, always, scripted } = namedIndex(catalogue);
  const tried = new Set(always);
  for (const word of folded.split(/[^a-z0-9]+/)) for (const at of byWord.get(word) ?? []) tried.add(at);
  for (const at of scripted) if (list[at]!.scripts.some((name) => folded.includes(name))) tried.add(at);
  return [...tried]
    .sort((a, b) => a - b)
    .map((at) => list[at]!)
    .filter(({ pattern }) => pattern.test(folded))
    .map(({ brand }) => brand);
}

/** True when `registrableDomain` is one the brand really uses. */
export function ownsDomain(brand: Brand, registrableDomain: string | null): boolean {
  return registrableDomain !== null && brand.domains.includes(registrableDomain);
}
