import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Verdict, VerdictError } from '@riskscan/contracts';
import { LOOKUP_BATCH_MAX } from '@riskscan/contracts';
import { openCliJudge } from './cli-judge.ts';

function present(outcome: Verdict | VerdictError, json: boolean): string {
  if (json) return JSON.stringify(outcome);
  if ('error' in outcome) return `error       ${outcome.url}  ${outcome.error}`;
  const classes = outcome.classification.length ? `  ${outcome.classification.join(', ')}` : '';
  return `${outcome.risk_level.padEnd(6)} ${String(outcome.risk_score).padStart(3)}  ${outcome.url}${classes}`;
}

/**
 * `npm run lookup -- [--json] [--no-reputation]`: reads URLs or domains from stdin, one per line,
 * and prints one verdict per line (a JSON object with --json). With --no-reputation the feeds
 * (and the database) are left out.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean', default: false }, 'no-reputation': { type: 'boolean', default: false } },
  });
  const { judge, close } = await openCliJudge({ reputation: !values['no-reputation'] });

  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = (await judge(batch)).map((outcome) => present(outcome, values.json));
    process.stdout.write(`${lines.join('\n')}\n`);
    batch = [];
  };
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const input = line.trim();
    if (input === '' || input.startsWith('#')) continue;
    batch.push(input);
    if (batch.length >= LOOKUP_BATCH_MAX) await flush();
  }
  await flush();
  await close();
}

await main();
