import { PAGE_MODEL_REPORT, defaultPageModel } from '@riskscan/scanner';
import { isPublicKit, pageExamples } from './examples.ts';
import { fit } from './train.ts';

/**
 * Prints the page model's results by kind of page: with the shipped weights, and in five-fold
 * cross-validation (each page judged by a model trained without it), both sets of public kits
 * included (judged, never trained on). Run: `npm run eval:page`.
 */
const FOLDS = 5;
const examples = pageExamples();
const model = defaultPageModel();
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

const rows = new Map<string, { pages: number; right: number; rightHeldOut: number; mean: number }>();
// Folds over the pages `train.ts` learns from; the public kits, never trained on, are judged by a
// model fitted on all of those (decision 515).
const trained = examples.filter((example) => !isPublicKit(example));
const folds = Array.from({ length: FOLDS }, (_, fold) => fit(trained.filter((_, index) => index % FOLDS !== fold)));
const allTrained = fit(trained);
examples.forEach((example) => {
  const probability = model.judge(example.values).probability;
  const index = trained.indexOf(example);
  const heldOut = index === -1 ? allTrained : folds[index % FOLDS]!;
  const heldOutProbability = sigmoid(
    heldOut.bias + example.values.reduce((sum, value, feature) => sum + value * heldOut.weights[feature]!, 0),
  );
  const correct = (p: number) => (example.label === 1 ? p >= PAGE_MODEL_REPORT : p < PAGE_MODEL_REPORT);
  const row = rows.get(example.kind) ?? { pages: 0, right: 0, rightHeldOut: 0, mean: 0 };
  row.pages += 1;
  row.right += correct(probability) ? 1 : 0;
  row.rightHeldOut += correct(heldOutProbability) ? 1 : 0;
  row.mean += probability;
  rows.set(example.kind, row);
  if (!correct(heldOutProbability))
    console.log(`missed when held out: ${example.name} (${example.kind}) ${Math.round(heldOutProbability * 100)}%`);
});

console.log(`\npage model v${model.weights.version}: reported at ${PAGE_MODEL_REPORT * 100}% and above\n`);
console.log('| kind | pages | right | right when held out | mean probability |');
console.log('| --- | --- | --- | --- | --- |');
for (const [kind, row] of [...rows].sort()) {
  console.log(`| ${kind} | ${row.pages} | ${row.right} | ${row.rightHeldOut} | ${Math.round((row.mean / row.pages) * 100)}% |`);
}
const strongest = model.weights.features
  .map((name, index) => [name, model.weights.weights[index]!] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 8);
console.log(
  `\nstrongest weights: ${strongest.map(([name, weight]) => `${name} ${weight.toFixed(2)}`).join(', ')}; bias ${model.weights.bias.toFixed(2)}`,
);
