import { brandCatalogue, createAllowlist, createVerdictEngine, LookalikeIndex, TOP_SITES, type UrlModel } from '@riskscan/scanner';
import { splitOf } from './corpus/corpus-split.ts';

/**
 * The engine training and evaluation judge the corpus with: it knows only the train half of the
 * top sites and vouches only for those and the train brands' domains, so the held-out popular
 * sites and brands are judged as a stranger's domain would be, not waved through by a list.
 */
export function heldOutEngine(model?: UrlModel) {
  const catalogue = brandCatalogue();
  const topSites = TOP_SITES.filter((domain) => splitOf(domain) === 'train');
  const trusted = [
    ...topSites,
    ...catalogue.brands.filter((brand) => brand.curated && splitOf(brand.name) === 'train').flatMap((brand) => brand.domains),
  ];
  return createVerdictEngine({
    lookalikes: new LookalikeIndex(catalogue, topSites),
    allowlist: createAllowlist(trusted),
    ...(model ? { model } : {}),
  });
}
