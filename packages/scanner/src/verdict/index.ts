export { combineSignals } from './combine-signals.ts';
export { safeBrowsingSignal } from './reputation-signals.ts';
export { CLASSIFICATIONS, type Signal } from './signal.ts';
export {
  createVerdictEngine,
  defaultLookalikeIndex,
  isVerdictError,
  type VerdictEngine,
  type VerdictEngineOptions,
} from './verdict-engine.ts';
