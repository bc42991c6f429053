import trained from './url-model.json' with { type: 'json' };
import { FEATURE_REASONS } from './feature-reasons.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureFacts, type FeatureName } from './url-features.ts';

const FEATURE_INDEX = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<FeatureName, number>;

/** The learned verdict's weights as `npm run train:verdict` writes them (`url-model.json`). */
export type UrlModelWeights = {
  version: number;
  trained: string;
  features: string[];
  bias: number;
  weights: number[];
};

/** The model's score, its reasons (strongest first) and the class its strongest evidence names. */
export type ModelOutcome = { risk_score: number; reasons: Signal[]; classification: string | null };

// Which evidence names which class, most specific first.
const CLASS_EVIDENCE: [string, FeatureName[]][] = [
  [CLASSIFICATIONS.malware, ['executable_path']],
  [
    CLASSIFICATIONS.typosquatting,
    [
      'label_homoglyph',
      'mixed_script',
      'brand_disguised',
      'label_typo',
      'label_typo_two',
      'label_typo_site',
      'brand_slip',
      'label_tld_swap',
    ],
  ],
  [
    CLASSIFICATIONS.brandImpersonation,
    ['brand_domain_in_subdomain', 'brand_word', 'brand_affix', 'brand_infix', 'brand_in_subdomain', 'brand_on_free_hosting'],
  ],
  [CLASSIFICATIONS.scam, ['lure_giveaway', 'lures_without_brand']],
];

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
    return { risk_score, reasons, classification: this.classOf(values) };
  }

  private classOf(values: Float64Array): string | null {
    for (const [name, evidence] of CLASS_EVIDENCE) if (evidence.some((feature) => values[FEATURE_INDEX[feature]]! > 0)) return name;
    return null;
  }
}

let shared: UrlModel | null = null;

/** The shipped model, loaded once per process. */
export function defaultUrlModel(): UrlModel {
  shared ??= new UrlModel(trained);
  return shared;
}
