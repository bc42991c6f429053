import { PAGE_MODEL_REPORT } from '@riskscan/scanner';
import { isPublicKit, pageExamples, type Example } from './examples.ts';
import { fit } from './train.ts';

/**
 * The page model judged on pages of a source or a language it never saw: for each group, a model
 * trained by `train.ts` on every page outside the group judges the pages inside it. Two splits,
 * not random folds: by source (hand-built fixture sites, reconstructed pages, and the two sets of
 * kits of public collections: trained on the others, judged on each; then the first two alone, as
 * before the public kits) and by language (each in turn: the one a collection names a kit in, else
 * the page's `<html lang>`). Run: `npm run eval:page:held-out`.
 */
type Model = { weights: number[]; bias: number };

const probability = (model: Model, example: Example) =>
  1 / (1 + Math.exp(-(model.bias + example.values.reduce((sum, value, index) => sum + value * model.weights[index]!, 0))));

/** A page detail at Risky (60) alone makes the page Risky whatever the model says. */
const RULE_ALONE = 0.6;

type Row = { group: string; kits: number; caught: number; byRule: number; honest: number; alarms: number; misses: string[] };

/** Each group of `examples` judged by a model fitted on the pages of `training` outside that group. */
function heldOut(examples: readonly Example[], groupOf: (example: Example) => string, training = examples): Row[] {
  const groups = [...new Set(examples.map(groupOf))].sort();
  return groups.map((group) => {
    const inside = examples.filter((example) => groupOf(example) === group);
    const model = fit(training.filter((example) => groupOf(example) !== group));
    const row: Row = { group, kits: 0, caught: 0, byRule: 0, honest: 0, alarms: 0, misses: [] };
    for (const example of inside) {
      const reported = probability(model, example) >= PAGE_MODEL_REPORT;
      if (example.label === 1) {
        row.kits += 1;
        if (reported || Math.max(...example.values) >= RULE_ALONE) row.byRule += 1;
        if (reported) row.caught += 1;
        else row.misses.push(`${example.name} ${Math.round(probability(model, example) * 100)}%`);
      } else {
        row.honest += 1;
        if (reported) {
          row.alarms += 1;
          row.misses.push(`${example.name} (honest) ${Math.round(probability(model, example) * 100)}%`);
        }
      }
    }
    return row;
  });
}

function print(title: string, rows: readonly Row[]): void {
  const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);
  console.log(`\n### Held out by ${title}\n`);
  console.log(
    `| ${title} held out | kits | reported by the model | recall | reported by the model or a page rule alone | honest pages | false alarms of the model |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const total = { kits: 0, caught: 0, byRule: 0, honest: 0, alarms: 0 };
  for (const row of rows) {
    console.log(
      `| ${row.group} | ${row.kits} | ${row.caught} | ${percent(row.caught, row.kits)} | ${row.byRule} | ${row.honest} | ${row.alarms} |`,
    );
    total.kits += row.kits;
    total.caught += row.caught;
    total.byRule += row.byRule;
    total.honest += row.honest;
    total.alarms += row.alarms;
  }
  console.log(
    `| all | ${total.kits} | ${total.caught} | ${percent(total.caught, total.kits)} | ${total.byRule} | ${total.honest} | ${total.alarms} |`,
  );
  const misses = rows.filter((row) => row.misses.length > 0).map((row) => `${row.group}: ${row.misses.join(', ')}`);
  if (misses.length > 0) console.log(`\nWrong when held out (${title}): ${misses.join('; ')}.`);
}

const examples = pageExamples();
console.log(`page model held out: ${examples.length} pages, reported at ${PAGE_MODEL_REPORT * 100}% and above`);
print(
  'source',
  heldOut(examples, (example) => example.source),
);
// The public kits without their owners' pages: what the kits alone add, the other candidate training
// set (decisions 515, 533).
const kitsOnly = examples.filter((example) => !isPublicKit(example) || example.label === 1);
console.log(`\n(the public kits without their pages on their owners' hosts: ${kitsOnly.length} pages)`);
print(
  'source',
  heldOut(kitsOnly, (example) => example.source),
);
// The same split without the public kits anywhere: what the first two sources give each other alone.
const withoutPublic = examples.filter((example) => !isPublicKit(example));
console.log(`\n(without the public kits: ${withoutPublic.length} pages)`);
print(
  'source',
  heldOut(withoutPublic, (example) => example.source),
);
print(
  'language',
  heldOut(examples, (example) => example.language),
);
// The candidate training sets judged on every page, public kits and owners' pages included (decision 533).
const languageOf = (example: Example) => example.language;
console.log(`\n(trained without the owners' pages, every page judged)`);
print('language', heldOut(examples, languageOf, kitsOnly));
console.log(`\n(trained without the public kits, every page judged: the shipped training set)`);
print('language', heldOut(examples, languageOf, withoutPublic));
