import { hostParts } from '../intel/host-parts.ts';
import { type Brand, type BrandCatalogue, brandCatalogue } from './brand-catalogue.ts';

/** What a fetched page shows, as the scanner collected it. */
export type PageEvidence = {
  /** The host the page was finally served from. */
  host: string;
  title?: string;
  /** Visible text of the page. */
  text?: string;
  /** Labels, placeholders, button texts and action URLs of the page's forms. */
  forms?: string[];
  /** File names, alt texts and titles of the page's images, logo and favicon. */
  images?: string[];
};

export type MentionPlace = 'title' | 'text' | 'form' | 'image';

/** A brand the page names while being served from a domain the brand does not own. */
export type BrandMention = { brand: Brand; places: MentionPlace[] };

// Names of simple-icons brands shorter than this are everyday words (`Line`, `Next`, `Go`).
const MIN_CATALOGUE_NAME = 5;
const MAX_NAME_WORDS = 4;

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9&+]+/)
    .filter((word) => word !== '');
}

type NameTable = { all: Map<string, Brand>; curated: Map<string, Brand> };

function buildNameTable(catalogue: BrandCatalogue): NameTable {
  const all = new Map<string, Brand>();
  const curated = new Map<string, Brand>();
  for (const brand of catalogue.brands) {
    const names = [brand.name, ...brand.aliases, ...brand.tokens];
    for (const name of names) {
      const key = words(name).join(' ');
      if (key === '' || key.split(' ').length > MAX_NAME_WORDS) continue;
      if (brand.curated) {
        curated.set(key, brand);
        all.set(key, brand);
      } else if (key.length >= MIN_CATALOGUE_NAME && !all.has(key)) all.set(key, brand);
    }
  }
  return { all, curated };
}

const tables = new WeakMap<BrandCatalogue, NameTable>();

function nameTable(catalogue: BrandCatalogue): NameTable {
  let table = tables.get(catalogue);
  if (!table) {
    table = buildNameTable(catalogue);
    tables.set(catalogue, table);
  }
  return table;
}

/** Brands named in a text, by runs of up to four words, so `Bank of America` is one name. */
function brandsIn(text: string, names: Map<string, Brand>): Set<Brand> {
  const found = new Set<Brand>();
  const list = words(text);
  for (let start = 0; start < list.length; start++) {
    let key = '';
    for (let length = 1; length <= MAX_NAME_WORDS && start + length <= list.length; length++) {
      key = length === 1 ? (list[start] ?? '') : `${key} ${list[start + length - 1]}`;
      const brand = names.get(key);
      if (brand) found.add(brand);
    }
  }
  return found;
}

/**
 * The brands a page names in its title, text, forms or images although its domain is none of
 * theirs: the raw material of the brand impersonation check. Body text counts only the curated
 * most-phished brands, because articles name other brands all the time.
 */
export function findBrandMentions(evidence: PageEvidence, catalogue: BrandCatalogue = brandCatalogue()): BrandMention[] {
  const { all, curated } = nameTable(catalogue);
  const domain = hostParts(evidence.host).domain;
  const places = new Map<Brand, Set<MentionPlace>>();
  const note = (brands: Set<Brand>, place: MentionPlace) => {
    for (const brand of brands) {
      if (domain && brand.domains.includes(domain)) continue;
      const set = places.get(brand) ?? new Set<MentionPlace>();
      set.add(place);
      places.set(brand, set);
    }
  };
  if (evidence.title) note(brandsIn(evidence.title, all), 'title');
  if (evidence.text) note(brandsIn(evidence.text, curated), 'text');
  for (const form of evidence.forms ?? []) note(brandsIn(form, all), 'form');
  for (const image of evidence.images ?? []) note(brandsIn(image, all), 'image');
  return [...places].map(([brand, set]) => ({ brand, places: [...set] }));
}

/**
 * How strongly one mention points to impersonation: a brand's name beside a password form on
 * someone else's domain is decisive; a name in passing is a hint.
 */
export function impersonationRisk(mention: BrandMention, hasCredentialForm: boolean): number {
  const prominent = mention.places.some((place) => place !== 'text');
  if (hasCredentialForm && prominent) return mention.brand.curated ? 90 : 80;
  if (hasCredentialForm) return 60;
  if (prominent) return mention.brand.curated ? 40 : 25;
  return 10;
}
