import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ScanCommandIo } from './scan-command.ts';
import { parseDnsServers } from '../net/resolver.ts';
import { DomainInputError, FUZZERS, type Fuzzer, generateLookalikes, type LookalikeOptions } from '../brand/generate-lookalikes.ts';
import { type ResolvedLookalike, resolveLookalikes, type ResolveProgress } from '../brand/resolve-lookalikes.ts';
import { parseTldList, parseWordList } from '../brand/typosquat-tables.ts';

const USAGE =
  'Usage: npm run typosquat -- <domain> [--json] [--registered] [--families a,b] [--dictionary FILE] [--tld FILE] [--concurrency N]\n';

class UsageError extends Error {}

function lookalikeOptions(values: { families?: string; dictionary?: string; tld?: string }): LookalikeOptions {
  const options: LookalikeOptions = {};
  if (values.families) {
    const families = values.families.split(',');
    const unknown = families.filter((family) => !(FUZZERS as readonly string[]).includes(family));
    if (unknown.length > 0) throw new UsageError(`Unknown families: ${unknown.join(', ')} (known: ${FUZZERS.join(', ')})`);
    options.families = families as Fuzzer[];
  }
  if (values.dictionary) options.dictionary = parseWordList(readFileSync(values.dictionary, 'utf8'));
  if (values.tld) options.tlds = parseTldList(readFileSync(values.tld, 'utf8'));
  return options;
}

const BAR = 30;
function drawProgress(stderr: ScanCommandIo['stderr'], { done, registered, unknown, total }: ResolveProgress): void {
  const share = total ? done / total : 0;
  const filled = Math.round(share * BAR);
  stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${done}/${total ?? '?'} names, ${registered} registered, ${unknown} unknown`,
  );
}

function describe(item: ResolvedLookalike): string {
  const records = (['ns', 'a', 'aaaa', 'mx'] as const)
    .filter((type) => item.dns[type].length > 0)
    .map((type) => `${type.toUpperCase()} ${item.dns[type].join(',')}`);
  return `${item.fuzzer.padEnd(15)}  ${item.domain}  ${records.join('  ')}\n`;
}

/**
 * `npm run typosquat -- <domain>`: the look-alikes of a domain, or with `--registered` those that
 * exist; answers the exit code. It reads and writes what `io` gives: the process's own when run
 * (`typosquat-cli.ts`), a test's in process.
 */
export async function typosquatCommand(io: ScanCommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: io.args,
    options: {
      json: { type: 'boolean', default: false },
      registered: { type: 'boolean', default: false },
      families: { type: 'string' },
      dictionary: { type: 'string' },
      tld: { type: 'string' },
      concurrency: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [domain] = positionals;
  if (!domain || positionals.length > 1) {
    io.stderr.write(USAGE);
    return 2;
  }
  try {
    const lookalikes = generateLookalikes(domain, lookalikeOptions(values));
    if (!values.registered) {
      if (values.json) io.stdout.write(`${JSON.stringify([...lookalikes])}\n`);
      else for (const item of lookalikes) io.stdout.write(`${item.fuzzer.padEnd(15)}  ${item.domain}\n`);
      return 0;
    }
    const names = [...lookalikes];
    const registered: ResolvedLookalike[] = [];
    const results = resolveLookalikes(names, {
      dnsServers: parseDnsServers(io.env.SCAN_DNS_SERVERS ?? ''),
      concurrency: values.concurrency ? Number(values.concurrency) : undefined,
      onProgress: (progress) => drawProgress(io.stderr, progress),
    });
    for await (const item of results) {
      if (item.status !== 'registered') continue;
      registered.push(item);
      if (!values.json) io.stdout.write(describe(item));
    }
    io.stderr.write('\n');
    if (values.json) io.stdout.write(`${JSON.stringify(registered)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainInputError || error instanceof UsageError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 2;
  }
}
