#!/usr/bin/env node
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { settingsFrom } from './api-client.ts';
import { CliError, EXIT_NOT_JUDGED, EXIT_PASSED } from './cli-errors.ts';
import { type Io, lookupCommand, monitorAddCommand, monitorListCommand, scanCommand, triageCommand } from './commands.ts';
import { LEVELS, parseLevel } from './risk-levels.ts';

const HELP = `riskscan: rate URLs, domains and e-mails with a riskscan server.

usage: riskscan scan URL [--fast] [--private] [--fail-on LEVEL] [--json]
       riskscan lookup [URL ...] [--fail-on LEVEL] [--json] < urls.txt
       riskscan triage message.eml [--fail-on LEVEL] [--json]
       riskscan monitor add DOMAIN [--keyword WORD ...] [--webhook URL] [--email ADDRESS] [--json]
       riskscan monitor list [--json]
       riskscan --help | --version

  scan      full scan of one URL; waits for the report
  lookup    fast address-only verdicts of the URLs or domains given, else one a line on stdin
            (defanged forms such as hxxp://evil[.]example accepted)
  triage    judges a raw e-mail (.eml): sender, authentication, links, attachments
  monitor   domain monitoring: watch a domain for look-alikes, list watched domains

options:
  --server URL      the riskscan server (default: RISKSCAN_URL)
  --fail-on LEVEL   exit 1 when a verdict is LEVEL or riskier; levels: ${LEVELS.join(', ')} (any case)
  --json            machine-readable output: one JSON document a line (see the package README)
  -h, --help        this help

environment: RISKSCAN_URL (server), RISKSCAN_API_KEY (an API key, rsk_…)
exit codes: 0 passed, 1 a verdict reached --fail-on, 2 usage, connection or server error (nothing judged)
`;

async function stdinLines(): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) lines.push(line);
  return lines;
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
        server: { type: 'string' },
        'fail-on': { type: 'string' },
        json: { type: 'boolean', default: false },
        fast: { type: 'boolean', default: false },
        private: { type: 'boolean', default: false },
        keyword: { type: 'string', multiple: true, default: [] },
        webhook: { type: 'string' },
        email: { type: 'string' },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message} See riskscan --help.`);
  }
}

/** The `riskscan` command: the remote API from a terminal or a pipeline. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, argument, target] = positionals;
  const io: Io = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    progress: process.stderr.isTTY === true,
  };
  if (values.help || command === 'help') {
    io.out(HELP);
    return EXIT_PASSED;
  }
  if (values.version) {
    io.out(`${await version()}\n`);
    return EXIT_PASSED;
  }
  const failOn = values['fail-on'] === undefined ? undefined : parseLevel(values['fail-on']);
  const settings = () => settingsFrom(process.env, values.server);
  const json = values.json;
  if (command === 'scan' && argument)
    return scanCommand(settings(), argument, { json, fast: values.fast, private: values.private, failOn }, io);
  if (command === 'lookup') {
    const urls = positionals.length > 1 ? positionals.slice(1) : await stdinLines();
    return lookupCommand(settings(), urls, { json, failOn }, io);
  }
  if (command === 'triage' && argument) return triageCommand(settings(), argument, { json, failOn }, io);
  if (command === 'monitor' && argument === 'add' && target) {
    return monitorAddCommand(settings(), target, { json, keywords: values.keyword, webhook: values.webhook, email: values.email }, io);
  }
  if (command === 'monitor' && argument === 'list') return monitorListCommand(settings(), { json }, io);
  const usage = HELP.split('\n').find((line) => line.includes(`riskscan ${command} `));
  if (usage) throw new CliError(`Missing arguments: ${usage.replace(/^(usage:)?\s+/, '')}`);
  throw new CliError(
    command ? `"${positionals.join(' ')}" is not a riskscan command. See riskscan --help.` : 'Name a command. See riskscan --help.',
  );
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`riskscan: ${(error as Error).message}\n`);
  process.exitCode = error instanceof CliError ? error.exitCode : EXIT_NOT_JUDGED;
}
