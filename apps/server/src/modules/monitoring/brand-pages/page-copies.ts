import type { BrandPageKind, PageCopy } from '@riskscan/contracts';
import { hashDistance, LOOKALIKE_MAX_DISTANCE, type PageFingerprints } from '@riskscan/scanner';

/** A registered brand page with the fingerprints its scan gave. */
export type FingerprintedPage = { url: string; kind: BrandPageKind; fingerprints: PageFingerprints };

const KIND_WORDS: Record<BrandPageKind, string> = { login: 'login page', home: 'home page', other: 'page' };

function distance(a: string | null, b: string | null): number | null {
  return a && b ? hashDistance(a, b) : null;
}

/**
 * The brand page a look-alike's page copies, if any: the closest match by the whole screenshot,
 * its top fold (a copied header, logo and form under another footer) or the DOM's structure (the
 * same kit with other texts), each within the distance re-deployed kits stay within. A shared
 * favicon alone is no copy: kits hot-link the brand's icon, and so do honest partners.
 */
export function closestCopy(page: PageFingerprints, brandPages: readonly FingerprintedPage[]): PageCopy | null {
  let best: { page: FingerprintedPage; basis: PageCopy['basis']; distance: number; visual: boolean } | null = null;
  for (const brand of brandPages) {
    const candidates: [PageCopy['basis'], number | null, number][] = [
      ['screenshot', distance(page.screenshot, brand.fingerprints.screenshot), LOOKALIKE_MAX_DISTANCE.screenshot],
      ['top_fold', distance(page.topFold, brand.fingerprints.topFold), LOOKALIKE_MAX_DISTANCE.topFold],
      ['structure', distance(page.structure, brand.fingerprints.structure), LOOKALIKE_MAX_DISTANCE.structure],
    ];
    for (const [basis, bits, limit] of candidates) {
      if (bits === null || bits > limit) continue;
      // A visual match tells more than a structural one at the same distance: it is what the victim sees.
      const visual = basis !== 'structure';
      if (!best || bits < best.distance || (bits === best.distance && visual && !best.visual))
        best = { page: brand, basis, distance: bits, visual };
    }
  }
  if (!best) return null;
  const how = best.visual ? 'visual distance' : 'structural distance';
  return {
    brand_page: best.page.url,
    kind: best.page.kind,
    basis: best.basis,
    distance: best.distance,
    message: `Copies your ${KIND_WORDS[best.page.kind]} (${how} ${best.distance}/64)`,
  };
}

/** 0-100: how alike two pages look, from the bits their fingerprints differ by. */
export const similarityOf = (copy: PageCopy) => Math.round(((64 - copy.distance) / 64) * 100);
