import { parseArgs } from 'node:util';
import { DEFAULT_TIMEOUT_SECONDS, settingsFrom } from './api-client.ts';
import { CliError, EXIT_NOT_JUDGED, EXIT_PASSED, EXIT_THRESHOLD_REACHED, EXIT_UNREACHABLE, EXIT_USAGE } from './cli-errors.ts';
import { type Io, lookupCommand, monitorAddCommand, monitorListCommand, scanCommand, triageCommand } from './commands.ts';
import { LEVELS, parseLevel } from './risk-levels.ts';

export const HELP = `riskscan: rate URLs, domains and e-mails with a riskscan server.

usage: riskscan scan URL [--fast] [--private] [--fail-on LEVEL] [--json]
       riskscan lookup [URL ...] [--fail-on LEVEL] [--json] < urls.txt
       riskscan triage FILE [--fail-on LEVEL] [--json]
       riskscan monitor add DOMAIN [--keyword WORD ...] [--webhook URL] [--email ADDRESS] [--json]
       riskscan monitor list [--json]
       riskscan --help | --version

  scan      full scan of one URL; waits for the report
  lookup    fast address-only verdicts of the URLs or domains given, else one a line on stdin
            (defanged forms such as hxxp://evil[.]example accepted)
  triage    judges a raw e-mail (.eml): sender, authentication, links, attachments
  monitor   domain monitoring: watch a domain for look-alikes, list watched domains

  Wherever a command takes a URL, FILE or DOMAIN, - reads it from standard input.

options:
  --server URL      the riskscan server (default: RISKSCAN_URL)
  --fail-on LEVEL   exit 1 when a verdict is LEVEL or riskier; levels: ${LEVELS.join(', ')} (any case)
  --timeout SEC     most seconds to wait for the server, a scan's report included (default ${DEFAULT_TIMEOUT_SECONDS})
  --json            machine-readable output: one JSON document a line (see the package README)
  -h, --help        this help

environment: RISKSCAN_URL (server), RISKSCAN_API_KEY (an API key, rsk_…)
exit codes:
  ${EXIT_PASSED}  judged, and no verdict reached --fail-on
  ${EXIT_THRESHOLD_REACHED}  a verdict reached --fail-on
  ${EXIT_USAGE}  usage or configuration error, or the server refused the request (4xx)
  ${EXIT_UNREACHABLE}  the server could not be reached or did not answer within --timeout
  ${EXIT_NOT_JUDGED}  nothing judged: no valid input, the site did not answer, the scan failed, a server error
`;

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
        timeout: { type: 'string' },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message} See riskscan --help.`);
  }
}

function timeoutSeconds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CliError(`--timeout takes a number of seconds above 0; "${value}" is not one.`);
  return seconds;
}

/** `-` in place of an argument: the first non-empty line of standard input. */
async function argumentOrStdin(argument: string, io: Io): Promise<string> {
  if (argument !== '-') return argument;
  const line = (await io.stdin())
    .toString('utf8')
    .split(/\r?\n/)
    .map((entry) => entry.trim())
    .find((entry) => entry !== '');
  if (!line) throw new CliError('Standard input was empty: give the argument, or pipe it in with -.');
  return line;
}

/** The `riskscan` command: the remote API from a terminal or a pipeline; answers the exit code. */
export async function runCli(argv: string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    return await dispatch(argv, io, env);
  } catch (error) {
    io.err(`riskscan: ${(error as Error).message}\n`);
    return error instanceof CliError ? error.exitCode : EXIT_NOT_JUDGED;
  }
}

async function dispatch(argv: string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, argument, target] = positionals;
  if (values.help || command === 'help') {
    io.out(HELP);
    return EXIT_PASSED;
  }
  if (values.version) {
    io.out(`${await version()}\n`);
    return EXIT_PASSED;
  }
  const failOn = values['fail-on'] === undefined ? undefined : parseLevel(values['fail-on']);
  const timeout = timeoutSeconds(values.timeout);
  const settings = () => settingsFrom(env, values.server, timeout);
  const json = values.json;
  if (command === 'scan' && argument)
    return scanCommand(settings(), await argumentOrStdin(argument, io), { json, fast: values.fast, private: values.private, failOn }, io);
  if (command === 'lookup') {
    const named = positionals.slice(1).filter((entry) => entry !== '-');
    const fromStdin = positionals.length === 1 || positionals.includes('-');
    const urls = [...named, ...(fromStdin ? (await io.stdin()).toString('utf8').split(/\r?\n/) : [])];
    return lookupCommand(settings(), urls, { json, failOn }, io);
  }
  if (command === 'triage' && argument) return triageCommand(settings(), argument, { json, failOn }, io);
  if (command === 'monitor' && argument === 'add' && target) {
    const domain = await argumentOrStdin(target, io);
    return monitorAddCommand(settings(), domain, { json, keywords: values.keyword, webhook: values.webhook, email: values.email }, io);
  }
  if (command === 'monitor' && argument === 'list') return monitorListCommand(settings(), { json }, io);
  const usage = HELP.split('\n').find((line) => line.includes(`riskscan ${command} `));
  if (usage) throw new CliError(`Missing arguments: ${usage.replace(/^(usage:)?\s+/, '')}`);
  throw new CliError(
    command ? `"${positionals.join(' ')}" is not a riskscan command. See riskscan --help.` : 'Name a command. See riskscan --help.',
  );
}
