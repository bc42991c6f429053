import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Verdict, VerdictError } from '@riskscan/contracts';
import { LOOKUP_BATCH_MAX } from '@riskscan/contracts';
import { openCliJudge } from './cli-judge.ts';
import type { CliIo } from './cli-io.ts';

function present(outcome: Verdict | VerdictError, json: boolean): string {
  if (json) return JSON.stringify(outcome);
  if ('error' in outcome) return `error       ${outcome.url}  ${outcome.error}`;
  const classes = outcome.classification.length ? `  ${outcome.classification.join(', ')}` : '';
  return `${outcome.risk_level.padEnd(6)} ${String(outcome.risk_score).padStart(3)}  ${outcome.url}${classes}`;
}

const USAGE = 'Usage: npm run lookup -- [--json] [--no-reputation] [<url or domain> ...]  (without URLs: one a line on stdin)\n';

const OPTIONS = { json: { type: 'boolean', default: false }, 'no-reputation': { type: 'boolean', default: false } } as const;

/** The parsed command line, or null (after printing the usage) when it is not one the CLI takes. */
function parseCommandLine(io: CliIo) {
  try {
    return parseArgs({ args: io.args, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    // parseArgs throws a TypeError with a code for an unknown or misused option; anything else is a bug.
    if (!(error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) throw error;
    io.stderr.write(`${error.message}\n${USAGE}`);
    return null;
  }
}

/**
 * `npm run lookup -- [--json] [--no-reputation] [url ...]`: judges the URLs or domains given, or
 * else those read from stdin, one per line, and prints one verdict per line (a JSON object with
 * --json). With --no-reputation the feeds (and the database) are left out.
 */
export async function lookupCommand(io: CliIo): Promise<number> {
  const parsed = parseCommandLine(io);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const { judge, close } = await openCliJudge({ reputation: !values['no-reputation'], env: io.env });

  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = (await judge(batch)).map((outcome) => present(outcome, values.json));
    io.stdout.write(`${lines.join('\n')}\n`);
    batch = [];
  };
  const inputs = positionals.length > 0 ? positionals : createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const line of inputs) {
    const input = line.trim();
    if (input === '' || input.startsWith('#')) continue;
    batch.push(input);
    if (batch.length >= LOOKUP_BATCH_MAX) await flush();
  }
  await flush();
  await close();
  return 0;
}
