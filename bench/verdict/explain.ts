import { createVerdictEngine, isVerdictError } from '@riskscan/scanner';
import { heldOutEngine } from './model-setup.ts';

/** Prints the verdict and reasons for each domain given: `npm run -s explain:verdict -- a.com b.net` (`--held-out` for the evaluation's engine). */
const heldOut = process.argv.includes('--held-out');
const engine = heldOut ? heldOutEngine() : createVerdictEngine();
for (const input of process.argv.slice(2).filter((arg) => !arg.startsWith('--'))) {
  const verdict = engine.verdict(input);
  if (isVerdictError(verdict)) console.log(`${input}: ${verdict.error}`);
  else
    console.log(
      `${verdict.risk_score} ${input} [${verdict.classification.join(', ')}]\n${verdict.reasons.map((r) => `    ${r.risk_score} ${r.code}: ${r.message}`).join('\n')}`,
    );
}
