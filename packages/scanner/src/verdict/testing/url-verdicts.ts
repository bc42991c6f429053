import type { Verdict } from '@riskscan/contracts';
import { FEATURE_NAMES, type FeatureName, pathFeatures } from '../url-features.ts';
import { createVerdictEngine, isVerdictError, type VerdictEngine } from '../verdict-engine.ts';

let engine: VerdictEngine | null = null;

/** The shipped engine's verdict on a URL, for tests: one engine per worker, an error thrown. */
export function judge(url: string): Verdict {
  engine ??= createVerdictEngine();
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict;
}

/** One path feature's value for a path with its query ("/a/b?x=1"). */
export function pathFeatureValue(path: string, name: FeatureName): number | undefined {
  const [pathname, search = ''] = path.split(/(?=\?)/);
  return pathFeatures(pathname!, search, null).values[FEATURE_NAMES.indexOf(name)];
}
