import icons from 'simple-icons/icons.json' with { type: 'json' };
import { hostParts } from '../url/host-parts.ts';
import { compactName } from './brand-name.ts';

export type SimpleIconBrand = { name: string; slug: string; color: string; aliases: string[]; domains: string[] };

type IconData = { title: string; slug: string; hex: string; source: string; guidelines?: string; aliases?: { aka?: string[] } };

// A label this short matches too many unrelated names to prove a domain belongs to a brand.
const MIN_MATCHING_LABEL = 4;

/**
 * The brand's own domain among its icon's source and guideline URLs, accepted only when the
 * domain's label is the brand's name or one word of it: sources are often github.com, wikimedia.org or a design
 * site, which belong to someone else.
 */
export function officialDomainsOf(icon: IconData): string[] {
  const names = [icon.slug, icon.title, ...(icon.aliases?.aka ?? [])].map(compactName).filter((name) => name.length >= MIN_MATCHING_LABEL);
  // A name of several words may own the domain of one of them (Deutsche Bahn's bahn.de, Rakuten Kobo's kobo.com).
  const titleWords = icon.title.includes(' ')
    ? icon.title
        .split(/\s+/)
        .map(compactName)
        .filter((word) => word.length >= MIN_MATCHING_LABEL)
    : [];
  const domains = new Set<string>();
  for (const link of [icon.source, icon.guidelines]) {
    if (!link || !URL.canParse(link)) continue;
    const parts = hostParts(new URL(link).hostname);
    if (!parts.domain || !parts.label) continue;
    const label = parts.label.replaceAll('-', '');
    if (label.length < MIN_MATCHING_LABEL) continue;
    const belongs = names.some((name) => name === label || name.startsWith(label) || label.startsWith(name)) || titleWords.includes(label);
    if (belongs) domains.add(parts.domain);
  }
  return [...domains];
}

/** The simple-icons catalogue (about 3,500 brands) with the domains we could attribute safely. */
export function simpleIconBrands(): SimpleIconBrand[] {
  return (icons as IconData[]).map((icon) => ({
    name: icon.title,
    slug: icon.slug,
    color: icon.hex,
    aliases: icon.aliases?.aka ?? [],
    domains: officialDomainsOf(icon),
  }));
}
