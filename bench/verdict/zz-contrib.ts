import { createVerdictEngine, defaultUrlModel, FEATURE_NAMES } from '@riskscan/scanner';
import trained from '../../packages/scanner/src/verdict/url-model.json' with { type: 'json' };
const engine = createVerdictEngine();
const model = defaultUrlModel();
for (const url of process.argv.slice(2)) {
  const set = engine.features(url, { asStranger: true })!;
  const parts: string[] = [`bias ${trained.bias}`, `hostGrams ${model.gramSum(set.host).toFixed(2)}`, `pathGrams ${model.gramSum(set.path).toFixed(2)}`];
  FEATURE_NAMES.forEach((name, i) => { const v = set.values[i]!; if (v) parts.push(`${name} ${(v * trained.weights[i]!).toFixed(2)}`); });
  console.log(url, 'z', model.logit(set).toFixed(2), 'score', (100 * model.probability(set)).toFixed(0), '\n  ', parts.join(', '));
}
