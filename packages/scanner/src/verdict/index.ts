export { combineSignals } from './combine-signals.ts';
export { batchReputationQueries, type ExternalSignals, judgeBatch, type OpenVerdicts } from './judge-batch.ts';
export { domainAgeSignal, NEW_DOMAIN_DAYS } from './domain-age.ts';
export { isReputationReason, safeBrowsingSignal } from './reputation-signals.ts';
export { modelReasonClass } from './feature-reasons.ts';
export { CLASSIFICATIONS, type Signal } from './signal.ts';
export { FEATURE_NAMES, type FeatureName, hostFeatures, urlFeatures, type UrlFeatureSet } from './url-features.ts';
export { GRAM_BUCKETS, type Grams } from './url-ngrams.ts';
export { PathBrands } from './path-brands.ts';
export {
  defaultUrlModel,
  ENDING_SAY,
  holdsEnding,
  packGrams,
  readsAsOwnName,
  unpackGrams,
  UrlModel,
  type UrlModelWeights,
} from './url-model.ts';
export {
  createVerdictEngine,
  defaultBrandMatcher,
  defaultLookalikeIndex,
  defaultPathBrands,
  isVerdictError,
  type VerdictEngine,
  type VerdictEngineOptions,
  type VerdictOptions,
} from './verdict-engine.ts';
