import { describe, expect, it } from 'vitest';
import trained from './url-model.json' with { type: 'json' };
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureFacts } from './url-features.ts';
import { UrlModel } from './url-model.ts';

const facts: FeatureFacts = { brand: null, lookalike: null, lures: ['giveaway', 'airdrop'], suffix: 'xyz', platform: null };
const vector = (set: Partial<Record<(typeof FEATURE_NAMES)[number], number>>) => {
  const values = new Float64Array(FEATURE_COUNT);
  for (const [name, value] of Object.entries(set)) values[FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number])] = value;
  return values;
};

describe('UrlModel', () => {
  it('ships weights for every feature the code computes, and nothing else', () => {
    expect([...trained.features].sort()).toEqual([...FEATURE_NAMES].sort());
    expect(trained.weights).toHaveLength(FEATURE_NAMES.length);
  });

  it('turns the weighted features into a probability through the logistic function', () => {
    const model = new UrlModel({ version: 1, trained: 'test', features: ['abused_tld', 'lure_giveaway'], bias: -2, weights: [1, 3] });
    expect(model.probability(vector({}))).toBeCloseTo(1 / (1 + Math.exp(2)));
    expect(model.probability(vector({ abused_tld: 1, lure_giveaway: 1 }))).toBeCloseTo(1 / (1 + Math.exp(-2)));
  });

  it('reasons with the features that raised the score, strongest first, and names the class', () => {
    const model = new UrlModel({
      version: 1,
      trained: 'test',
      features: ['abused_tld', 'lure_giveaway', 'tld_com'],
      bias: -2,
      weights: [1, 3, -1],
    });
    const outcome = model.judge(vector({ abused_tld: 1, lure_giveaway: 1 }), facts);
    expect(outcome.risk_score).toBe(88);
    expect(outcome.reasons.map((reason) => reason.code)).toEqual(['giveaway_words', 'abused_tld']);
    expect(outcome.reasons.map((reason) => reason.risk_score)).toEqual([66, 22]);
    expect(outcome.reasons[0]!.message).toContain('giveaway, airdrop');
    expect(outcome.classification).toBe('Scam');
  });
});
