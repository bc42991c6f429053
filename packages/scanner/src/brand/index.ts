export { type Brand, type BrandCatalogue, brandCatalogue, buildBrandCatalogue } from './brand-catalogue.ts';
export {
  DNSTWIST_FUZZERS,
  DomainInputError,
  EXTRA_FUZZERS,
  FUZZERS,
  type Fuzzer,
  generateLookalikes,
  type Lookalike,
  type LookalikeOptions,
  splitDomain,
} from './generate-lookalikes.ts';
export { BrandMatcher, type BrandMatch, type BrandPlacement, foldLookalike } from './brand-matcher.ts';
export { type LookalikeFinding, LookalikeIndex, type ProtectedDomain } from './lookalike-index.ts';
export { brandsNamedIn, type NamedBrand, namedBrands, ownsDomain } from './named-brands.ts';
export { type BrandSector, PHISHED_BRANDS } from './phished-brands.ts';
export { MORE_PHISHED_BRANDS } from './more-phished-brands.ts';
export { skeleton } from './skeleton.ts';
export { simpleIconBrands } from './simple-icons-brands.ts';
export { deletions, editDistance } from './edit-distance.ts';
export { TOP_SITES } from './top-sites.ts';
export { brandLogoSvg, hashDistance, logoHash } from './logo-hash.ts';
export { findLogoImpersonation, type LogoMatch, matchLogoHash } from './logo-match.ts';
export {
  type LookalikeResolution,
  type ResolvedLookalike,
  type ResolveLookalikesOptions,
  type ResolveProgress,
  resolveLookalikes,
} from './resolve-lookalikes.ts';
export {
  fuzzyHash,
  fuzzyHashSimilarity,
  hashSimilarity,
  htmlSimilarity,
  normalizeHtml,
  perceptualHash,
  visualSimilarity,
} from './page-similarity.ts';
export {
  type FingerprintSources,
  LOOKALIKE_MAX_DISTANCE,
  pageFingerprints,
  type PageFingerprints,
  structureFeatures,
  screenshotHash,
  structureHash,
  topFoldHash,
} from './page-fingerprints.ts';
