import trained from './url-model.json' with { type: 'json' };
import { FEATURE_REASONS } from './feature-reasons.ts';
import type { Signal } from './signal.ts';
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureFacts } from './url-features.ts';

/** The learned verdict's weights as `npm run train:verdict` writes them (`url-model.json`). */
export type UrlModelWeights = {
  version: number;
  trained: string;
  features: string[];
  bias: number;
  weights: number[];
};

export type ModelOutcome = { risk_score: number; reasons: Signal[] };

// A feature must move the log-odds this much to be worth a reason; past MAX_REASONS the rest
// add little a reader needs.
const MIN_REASON_CONTRIBUTION = 0.15;
const MAX_REASONS = 6;

/**
 * Logistic regression over the URL features: the score is the calibrated probability, in percent,
 * that the URL is phishing or a scam. Reasons are the features that raised it, strongest first,
 * each credited with its share of the score.
 */
export class UrlModel {
  private readonly weights = new Float64Array(FEATURE_COUNT);
  private readonly bias: number;
  readonly version: number;

  constructor(model: UrlModelWeights) {
    this.bias = model.bias;
    this.version = model.version;
    model.features.forEach((name, index) => {
      const at = FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number]);
      if (at >= 0) this.weights[at] = model.weights[index] ?? 0;
    });
  }

  /** The probability (0-1) the model gives a feature vector. */
  probability(values: Float64Array): number {
    let z = this.bias;
    for (let i = 0; i < FEATURE_COUNT; i++) z += this.weights[i]! * values[i]!;
    return 1 / (1 + Math.exp(-z));
  }

  judge(values: Float64Array, facts: FeatureFacts): ModelOutcome {
    let z = this.bias;
    let total = 0;
    const raising: { index: number; amount: number }[] = [];
    for (let i = 0; i < FEATURE_COUNT; i++) {
      const value = values[i]!;
      if (value === 0) continue;
      const amount = this.weights[i]! * value;
      z += amount;
      if (amount >= MIN_REASON_CONTRIBUTION) {
        raising.push({ index: i, amount });
        total += amount;
      }
    }
    const risk_score = Math.round(100 / (1 + Math.exp(-z)));
    raising.sort((a, b) => b.amount - a.amount);
    const reasons: Signal[] = [];
    for (const { index, amount } of raising) {
      if (reasons.length === MAX_REASONS) break;
      const reason = FEATURE_REASONS[FEATURE_NAMES[index]!](facts);
      if (reasons.some((other) => other.message === reason.message)) continue;
      reasons.push({ ...reason, risk_score: Math.max(1, Math.round((risk_score * amount) / total)) });
    }
    return { risk_score, reasons };
  }
}

let shared: UrlModel | null = null;

/** The shipped model, loaded once per process. */
export function defaultUrlModel(): UrlModel {
  shared ??= new UrlModel(trained);
  return shared;
}
