import logoHashes from './data/logo-hashes.json' with { type: 'json' };
import { hostParts } from '../url/host-parts.ts';
import { type Brand, type BrandCatalogue, brandCatalogue } from './brand-catalogue.ts';
import { hashDistance, logoHash } from './logo-hash.ts';
import { isPlainShape } from './plain-shapes.ts';

/** A catalogue logo an image resembles (`hash`: the catalogue logo's); `distance` is how many of the 64 hash bits differ. */
export type LogoMatch = { brand: Brand; hash: string; distance: number };

// Re-rendered, resized or recoloured copies of a logo stay within about 5 of 64 bits, while
// unrelated simple logos come within 5 bits of each other for about 1 pair in 2,500: the bar is
// lower for the 2,000 catalogue logos than for the few dozen most-phished brands.
export const MAX_CURATED_LOGO_DISTANCE = 6;
export const MAX_LOGO_DISTANCE = 3;

const HASHES = new Map(logoHashes as [string, string][]);

/** The catalogue's logos close enough to a hash, closest first; none for a plain shape. */
export function matchLogoHash(hash: string, catalogue: BrandCatalogue = brandCatalogue()): LogoMatch[] {
  if (isPlainShape(hash)) return [];
  const matches: LogoMatch[] = [];
  for (const brand of catalogue.brands) {
    const known = brand.logo ? HASHES.get(brand.logo) : undefined;
    if (!known) continue;
    const distance = hashDistance(hash, known);
    if (distance <= (brand.curated ? MAX_CURATED_LOGO_DISTANCE : MAX_LOGO_DISTANCE)) matches.push({ brand, hash: known, distance });
  }
  return matches.sort((a, b) => a.distance - b.distance);
}

/**
 * The brands whose logo a page's logo or favicon reproduces while the page's host is none of
 * theirs: the logo half of the brand impersonation check.
 */
export async function findLogoImpersonation(
  host: string,
  image: Uint8Array,
  catalogue: BrandCatalogue = brandCatalogue(),
): Promise<LogoMatch[]> {
  const hash = await logoHash(image);
  if (!hash) return [];
  const domain = hostParts(host).domain;
  return matchLogoHash(hash, catalogue).filter((match) => !(domain && match.brand.domains.includes(domain)));
}
