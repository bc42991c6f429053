import type { Collected } from '../../collect/collected.ts';
import type { CheckContext } from '../check.ts';
import { pageBehaviourCheck } from '../page-behaviour.ts';
import { pageContentCheck } from '../page-content.ts';
import modelJson from './page-model.json' with { type: 'json' };

/** The page details the model combines, each read as its score / 100. */
export const PAGE_FEATURES = [...pageContentCheck.details, ...pageBehaviourCheck.details].map((detail) => detail.name);

export interface PageModelWeights {
  version: number;
  trainedOn: Record<string, number>;
  features: string[];
  weights: number[];
  bias: number;
}

/** Below this probability the combination adds nothing a rule has not said: most honest pages score near 0. */
export const PAGE_MODEL_REPORT = 0.7;

/** What each page detail scored, as the model reads it. */
export function pageSignals(collected: Collected, context: CheckContext): { values: number[]; titles: Map<string, string> } {
  const details = [pageContentCheck, pageBehaviourCheck].flatMap((check) => check.run(collected, context).details);
  const scores = new Map(details.map((detail) => [detail.name, detail.risk_score / 100]));
  const titles = new Map(details.map((detail) => [detail.name, detail.title.toLowerCase()]));
  return { values: PAGE_FEATURES.map((name) => scores.get(name) ?? 0), titles };
}

/** A logistic regression over page details: weights in `page-model.json`, rebuilt by `npm run train:page`. */
export class PageModel {
  constructor(readonly weights: PageModelWeights) {
    if (weights.features.join() !== PAGE_FEATURES.join())
      throw new Error('page-model.json was trained on other details; run npm run train:page');
  }

  /** The probability that the page is phishing or a scam, and each signal's share of the evidence. */
  judge(values: readonly number[]): { probability: number; contributions: [string, number][] } {
    const contributions = values.map((value, index) => [PAGE_FEATURES[index]!, value * this.weights.weights[index]!] as [string, number]);
    const z = this.weights.bias + contributions.reduce((sum, [, part]) => sum + part, 0);
    return { probability: 1 / (1 + Math.exp(-z)), contributions: contributions.filter(([, part]) => part > 0).sort((a, b) => b[1] - a[1]) };
  }
}

let shared: PageModel | null = null;
export const defaultPageModel = () => (shared ??= new PageModel(modelJson as PageModelWeights));
