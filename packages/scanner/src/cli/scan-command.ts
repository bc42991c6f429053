import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect, parseArgs } from 'node:util';
import { scanProfileSchema } from '@riskscan/contracts';
import { z } from 'zod';
import { cliCapture, formatCapture } from '../browser/cli-capture.ts';
import { scan, ScanInputError } from '../scan.ts';
import { parseDnsServers } from '../net/resolver.ts';
import { formatSummary } from './format-summary.ts';

const USAGE =
  'Usage: npm run scan -- <url> [--json] [--fast] [--profile FILE] [--dns] [--ip] [--webtech] [--links] [--all] [--no-browser] [--screenshots DIR]';

/** The CLI's only environment: the scanner settings the server's config also knows. */
const envSchema = z.object({
  SCAN_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false', '1', '0']).default('false'),
  SCAN_DNS_SERVERS: z.string().default(''),
  CHROMIUM_PATH: z.string().optional(),
  DATA_DIR: z.string().default('data'),
});

/** Closes the browser whatever the scan does, so the process can end. */
async function scanWithBrowser<T>(browser: { close(): Promise<void> } | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await browser?.close();
  }
}

/** What the command reads and writes: the process's own when run (`scan-cli.ts`), a test's in process. */
export type ScanCommandIo = {
  args: string[];
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
};

/** `npm run scan`: scans one URL and prints the result; answers the exit code (2 for bad input). */
export async function scanCommand(io: ScanCommandIo): Promise<number> {
  try {
    return await scanAndPrint(io);
  } catch (error) {
    io.stderr.write(`${error instanceof ScanInputError || error instanceof z.ZodError ? error.message : inspect(error)}\n`);
    return error instanceof ScanInputError ? 2 : 1;
  }
}

async function scanAndPrint(io: ScanCommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: io.args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      fast: { type: 'boolean', default: false },
      profile: { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      screenshots: { type: 'string' },
      dns: { type: 'boolean', default: false },
      ip: { type: 'boolean', default: false },
      webtech: { type: 'boolean', default: false },
      links: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    io.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const env = envSchema.parse(io.env);
  const profile = values.profile ? scanProfileSchema.parse(JSON.parse(readFileSync(values.profile, 'utf8'))) : null;
  // The browser stage (issue 4): screenshots become files, their paths the result's links.
  const browser = values['no-browser']
    ? null
    : cliCapture({ chromiumPath: env.CHROMIUM_PATH, screenshotDir: values.screenshots ?? path.join(env.DATA_DIR, 'screenshots') });
  const result = await scanWithBrowser(browser, () =>
    scan(positionals[0]!, {
      render: browser?.render,
      fastCheck: values.fast,
      profile,
      extendedChecks: {
        dns_checks: values.all || values.dns,
        ip_checks: values.all || values.ip,
        webtech_check: values.all || values.webtech,
        page_checks: values.all || values.links,
      },
      network: {
        allowPrivateNetworks: env.SCAN_ALLOW_PRIVATE_NETWORKS === 'true' || env.SCAN_ALLOW_PRIVATE_NETWORKS === '1',
        dnsServers: parseDnsServers(env.SCAN_DNS_SERVERS),
      },
    }),
  );
  io.stdout.write(
    `${values.json ? JSON.stringify(result, null, 2) : [formatSummary(result), ...formatCapture(result.capture)].join('\n')}\n`,
  );
  return 0;
}
