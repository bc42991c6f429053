import type { Brand } from './brand-catalogue.ts';
import { matchLogoHash } from './logo-match.ts';
import { pageBrandCatalogue } from './page-brands.ts';

// A hash with fewer edges than this either way is mostly padding (a wide wordmark or a thin line
// shrunk into 9×8): such hashes come within a few bits of one another whatever they draw, so an
// honest club's wordmark would pass for a brand's. The bar holds on both sides: a catalogue logo
// drawn as a sparse wordmark (Paychex's, 6 edges) lies within reach of any busy 12-edge image.
const MIN_EDGE_BITS = 12;

const edgeBits = (hash: string) => [...BigInt(`0x${hash}`).toString(2)].filter((bit) => bit === '1').length;
const tellsApart = (hash: string) => {
  const edges = edgeBits(hash);
  return edges >= MIN_EDGE_BITS && edges <= 64 - MIN_EDGE_BITS;
};

/**
 * The brands whose logo a page's favicon or logo reproduces (`PageFacts.logoHashes`), as the page
 * brand catalogue knows them: the closest catalogue logo of each hash with edges enough to tell.
 */
export function brandsOfLogos(hashes: readonly string[]): Brand[] {
  const brands = hashes.map(brandOfLogo).filter((brand) => brand !== null);
  return [...new Set(brands)];
}

// Every check that asks who the page claims to be asks again; the answer for a hash never changes.
const known = new Map<string, Brand | null>();
const KNOWN_MAX = 4_096;

function brandOfLogo(hash: string): Brand | null {
  let brand = known.get(hash);
  if (brand !== undefined) return brand;
  brand = closestBrand(hash);
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(hash, brand);
  return brand;
}

function closestBrand(hash: string): Brand | null {
  if (!tellsApart(hash)) return null;
  const closest = matchLogoHash(hash).find((match) => tellsApart(match.hash));
  if (!closest) return null;
  // The page catalogue rebuilds the curated brands (with their regional names): the same brand by its domain.
  const domain = closest.brand.domains[0];
  return (domain && pageBrandCatalogue().byDomain.get(domain)) || closest.brand;
}
