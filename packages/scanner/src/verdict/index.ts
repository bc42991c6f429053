export { combineSignals } from './combine-signals.ts';
export { safeBrowsingSignal } from './reputation-signals.ts';
export { CLASSIFICATIONS, type Signal } from './signal.ts';
export { FEATURE_NAMES, type FeatureName, hostFeatures, urlFeatures } from './url-features.ts';
export { defaultUrlModel, UrlModel, type UrlModelWeights } from './url-model.ts';
export {
  createVerdictEngine,
  defaultBrandMatcher,
  defaultLookalikeIndex,
  isVerdictError,
  type VerdictEngine,
  type VerdictEngineOptions,
} from './verdict-engine.ts';
