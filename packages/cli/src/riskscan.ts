#!/usr/bin/env node
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { settingsFromEnv } from './api-client.ts';
import { type Io, lookupCommand, monitorAddCommand, monitorListCommand, scanCommand, triageCommand } from './commands.ts';

const USAGE = `usage: riskscan scan URL [--fast] [--private] [--json]
       riskscan lookup [--json] < urls.txt
       riskscan triage message.eml [--json]
       riskscan monitor add DOMAIN [--keyword WORD ...] [--webhook URL] [--email ADDRESS] [--json]
       riskscan monitor list [--json]
Set RISKSCAN_URL and RISKSCAN_API_KEY.
`;

async function stdinLines(): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) lines.push(line);
  return lines;
}

/** The `riskscan` command: the remote API from a terminal or a script. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      fast: { type: 'boolean', default: false },
      private: { type: 'boolean', default: false },
      keyword: { type: 'string', multiple: true, default: [] },
      webhook: { type: 'string' },
      email: { type: 'string' },
    },
  });
  const [command, argument, target] = positionals;
  const io: Io = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    progress: process.stderr.isTTY === true,
  };
  if (command === 'scan' && argument)
    return scanCommand(settingsFromEnv(process.env), argument, { json: values.json, fast: values.fast, private: values.private }, io);
  if (command === 'lookup') return lookupCommand(settingsFromEnv(process.env), await stdinLines(), { json: values.json }, io);
  if (command === 'triage' && argument) return triageCommand(settingsFromEnv(process.env), argument, { json: values.json }, io);
  if (command === 'monitor' && argument === 'add' && target) {
    const flags = { json: values.json, keywords: values.keyword, webhook: values.webhook, email: values.email };
    return monitorAddCommand(settingsFromEnv(process.env), target, flags, io);
  }
  if (command === 'monitor' && argument === 'list') return monitorListCommand(settingsFromEnv(process.env), { json: values.json }, io);
  process.stderr.write(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`riskscan: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
