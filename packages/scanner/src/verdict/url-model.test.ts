import { describe, expect, it } from 'vitest';
import trained from './url-model.json' with { type: 'json' };
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureFacts, type UrlFeatureSet } from './url-features.ts';
import { UrlModel, packGrams } from './url-model.ts';
import { emptyGrams, GRAM_BUCKETS, hostGrams, pathGrams, tenantGrams } from './url-ngrams.ts';

const facts: FeatureFacts = { brand: null, lookalike: null, lures: ['giveaway', 'airdrop'], suffix: 'xyz', platform: null };
const vector = (set: Partial<Record<(typeof FEATURE_NAMES)[number], number>>, path = emptyGrams()): UrlFeatureSet => {
  const values = new Float64Array(FEATURE_COUNT);
  for (const [name, value] of Object.entries(set)) values[FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number])] = value;
  return { values, host: emptyGrams(), path, facts };
};

describe('UrlModel', () => {
  it('ships weights for every feature the code computes, and nothing else', () => {
    expect([...trained.features].sort()).toEqual([...FEATURE_NAMES].sort());
    expect(trained.weights).toHaveLength(FEATURE_NAMES.length);
  });

  it('ships the constraints training holds: a bare path and a quiet host never raise the score', () => {
    const weight = (name: string) => trained.weights[trained.features.indexOf(name)]!;
    expect(weight('has_path')).toBe(0);
    for (const name of ['quiet_path', 'quiet_hyphens', 'quiet_length']) expect(weight(name), name).toBeLessThanOrEqual(0);
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
    const outcome = model.judge(vector({ abused_tld: 1, lure_giveaway: 1 }));
    // 88 as a probability, but a lure word and a cheap ending are no decisive evidence: below Danger (issue 35).
    expect(outcome.risk_score).toBe(73);
    expect(outcome.decisive).toBe(false);
    expect(outcome.reasons.map((reason) => reason.code)).toEqual(['giveaway_words', 'abused_tld']);
    expect(outcome.reasons.map((reason) => reason.risk_score)).toEqual([55, 18]);
    expect(outcome.reasons[0]!.message).toContain('giveaway, airdrop');
    expect(outcome.classification).toBe('Scam');
  });

  it('always shows the reason that makes evidence decisive, however little it weighs beside six others', () => {
    const features = ['mixed_script', 'brand_with_lure', 'abused_tld', 'hyphens', 'digits', 'label_length', 'consonant_run', 'few_vowels'];
    const model = new UrlModel({ version: 1, trained: 'test', features, bias: -2, weights: [0.2, 0.3, 1, 1.1, 1.2, 1.3, 1.4, 1.5] });
    const all = Object.fromEntries(features.map((name) => [name, 1]));
    const codes = (set: Record<string, number>) => model.judge(vector(set)).reasons.map((reason) => reason.code);
    // Decisive (a brand spelled in another script): its reason takes the sixth place, the brand's lure words next in line.
    const decisive = codes(all);
    expect(decisive).toHaveLength(6);
    expect(decisive).toContain('brand_with_lure');
    expect(decisive.slice(0, 5)).toEqual(codes({ ...all, mixed_script: 0 }).slice(0, 5));
    // Not decisive: the six strongest, as before.
    expect(codes({ ...all, mixed_script: 0 })).not.toContain('brand_with_lure');
  });

  it('adds what the hashed path n-grams weigh and names it as one plain reason', () => {
    const grams = pathGrams('/wp-content/login.php');
    const weights = new Float32Array(GRAM_BUCKETS);
    for (let i = 0; i < grams.count; i++) weights[grams.indices[i]!] = 0.5;
    const model = new UrlModel({ version: 2, trained: 'test', features: [], bias: -2, weights: [], grams: packGrams(weights, 0.001) });
    const set = vector({}, grams);
    expect(model.probability(set)).toBeGreaterThan(model.probability(vector({})));
    expect(model.judge(set).reasons.map((reason) => reason.code)).toEqual(['address_pattern']);
  });

  it('maps log-odds through its calibration', () => {
    const model = new UrlModel({
      version: 2,
      trained: 'test',
      features: [],
      bias: 1,
      weights: [],
      calibration: { slope: 2, intercept: -1 },
    });
    expect(model.probability(vector({}))).toBeCloseTo(1 / (1 + Math.exp(-1)));
  });

  it("reads a platform tenant's name alone: two tenants share no n-gram the platform gives them", () => {
    const shared = (a: ReturnType<typeof hostGrams>, b: ReturnType<typeof hostGrams>) =>
      [...a.indices].filter((index) => b.indices.includes(index));
    // Two hosts under one ending share the ending's token; two tenants share nothing.
    expect(shared(hostGrams('qzkx.com', 'com', null), hostGrams('brvy.com', 'com', null)).length).toBeGreaterThan(0);
    expect(shared(tenantGrams('qzkx'), tenantGrams('brvy'))).toEqual([]);
  });

  it("reads a dynamic-DNS or tunnel host's name as a machine's, apart from a site's name (decision 507)", () => {
    const shared = (a: ReturnType<typeof hostGrams>, b: ReturnType<typeof hostGrams>) =>
      [...a.indices].filter((index) => b.indices.includes(index));
    const site = tenantGrams('qzkx');
    const machine = tenantGrams('qzkx', true);
    // The same name's n-grams, and one token more that only machines' names carry.
    expect(machine.count).toBe(site.count + 1);
    expect([...site.indices].every((index) => machine.indices.includes(index))).toBe(true);
    expect(shared(tenantGrams('brvy', true), machine)).toHaveLength(1);
  });

  it("reads a free platform's tenant's name with its own table when the model has one (decision 506)", () => {
    const grams = tenantGrams('qzkx');
    const weights = new Float64Array(GRAM_BUCKETS);
    for (const index of grams.indices) weights[index] = 1;
    const tenantTable = new Float64Array(GRAM_BUCKETS);
    for (const index of grams.indices) tenantTable[index] = -1;
    const base = { version: 3, trained: 'test', features: [], bias: 0, weights: [], grams: packGrams(weights, 1e-3) };
    const model = new UrlModel({ ...base, tenantGrams: packGrams(tenantTable, 1e-3) });
    const tenant: FeatureFacts = { brand: null, lookalike: null, lures: [], suffix: 'app', platform: 'vercel.app' };
    const ownDomain: FeatureFacts = { ...tenant, platform: null };
    const values = new Float64Array(FEATURE_COUNT);
    expect(model.hostGramSum(grams, tenant, values)).toBeCloseTo(-model.gramSum(grams));
    expect(model.hostGramSum(grams, ownDomain, values)).toBeCloseTo(model.gramSum(grams));
    // Without the table a tenant's name is read with the model's n-grams, as before.
    expect(new UrlModel(base).hostGramSum(grams, tenant, values)).toBeCloseTo(model.gramSum(grams));
  });

  it("keeps the ending's n-grams last, and they are what two names under one ending share", () => {
    const a = hostGrams('qzkx.com.br', 'com.br', null);
    const b = hostGrams('brvy.com.br', 'com.br', null);
    expect([...a.indices.slice(a.ending)].sort()).toEqual([...b.indices.slice(b.ending)].sort());
    expect([...a.indices.slice(0, a.ending)].filter((index) => b.indices.includes(index))).toEqual([]);
    expect(tenantGrams('qzkx').ending).toBe(tenantGrams('qzkx').count);
  });

  it("holds what the ending's n-grams add on a host that names no brand or lure (issue 35)", () => {
    const grams = hostGrams('qzkx.cc', 'cc', null);
    // A model that learned the ending alone: the name's n-grams weigh nothing, the ending's much.
    const weights = new Float64Array(GRAM_BUCKETS);
    for (const index of grams.indices.slice(grams.ending)) weights[index] = 4;
    const model = new UrlModel({ version: 3, trained: 'test', features: [], bias: 0, weights: [], grams: packGrams(weights, 1e-3) });
    const quiet: FeatureFacts = { brand: null, lookalike: null, lures: [], suffix: 'cc', platform: null };
    const lured: FeatureFacts = { ...quiet, lures: ['login'] };
    const values = new Float64Array(FEATURE_COUNT);
    expect(model.gramSum(grams)).toBeGreaterThan(1);
    expect(model.hostGramSum(grams, quiet, values)).toBeCloseTo(1);
    expect(model.hostGramSum(grams, lured, values)).toBeCloseTo(model.gramSum(grams));
  });
});
