import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DNSTWIST_FUZZERS, generateLookalikes } from '@riskscan/scanner';

/**
 * Look-alike generation, ours against dnstwist's, measured side by side in one run:
 * `npm run bench:typosquat [-- --json] [--runs N] [--domains a.com,b.org]`.
 *
 * Both sides make dnstwist's sixteen families with the dictionaries it ships (english.dict,
 * common_tlds.dict). Ours: the median of N warm in-process runs, iterating every name. dnstwist:
 * the median of its own in-process `Fuzzer.generate()` runs in one Python process
 * (`dnstwist-timing.py`), from `DNSTWIST_PY` (default `../shared/reference/dnstwist/dnstwist.py`
 * from the repository root). `recall` is the share of dnstwist's names we also make.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_DOMAINS = [
  'bbc.com',
  'ebay.com',
  'apple.com',
  'paypal.com',
  'google.com',
  'netflix.com',
  'microsoft.com',
  'wellsfargo.com',
  'bankofamerica.com',
  'americanexpress.com',
];

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    runs: { type: 'string', default: '15' },
    'dnstwist-runs': { type: 'string', default: '5' },
    domains: { type: 'string' },
  },
});
const runs = Number(values.runs);
const domains = values.domains ? values.domains.split(',') : DEFAULT_DOMAINS;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

type Theirs = { domain: string; ms: number; names: string[] };

function runDnstwist(): Map<string, Theirs> | null {
  const script = process.env.DNSTWIST_PY ?? resolve(ROOT, '../shared/reference/dnstwist/dnstwist.py');
  if (!existsSync(script)) {
    process.stderr.write(`dnstwist not found at ${script} (set DNSTWIST_PY to its dnstwist.py): timing ours alone.\n`);
    return null;
  }
  const timing = fileURLToPath(new URL('dnstwist-timing.py', import.meta.url));
  const result = spawnSync('python3', [timing, script, values['dnstwist-runs'] ?? '5', ...domains], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (result.status !== 0) {
    process.stderr.write(`dnstwist failed (${result.error?.message ?? result.stderr.trim()}): timing ours alone.\n`);
    return null;
  }
  return new Map((JSON.parse(result.stdout) as Theirs[]).map((row) => [row.domain, row]));
}

function timeOurs(domain: string): { ms: number; names: Set<string> } {
  const names = new Set<string>();
  for (const { domain: name } of generateLookalikes(domain, { families: DNSTWIST_FUZZERS })) names.add(name);
  for (let warm = 0; warm < 3; warm++) for (const _ of generateLookalikes(domain, { families: DNSTWIST_FUZZERS }));
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    for (const _ of generateLookalikes(domain, { families: DNSTWIST_FUZZERS }));
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: median(times), names };
}

const theirs = runDnstwist();
// Let the JIT settle on a name of every shape before any timing.
for (let warm = 0; warm < 10; warm++)
  for (const name of ['wellsfargo.com', 'my-bank.co.uk', 'müller.de']) for (const _ of generateLookalikes(name));
const rows = domains.map((domain) => {
  const ours = timeOurs(domain);
  const reference = theirs?.get(domain);
  const found = reference ? reference.names.filter((name) => ours.names.has(name)).length : 0;
  return {
    domain,
    names: ours.names.size,
    ours_ms: Number(ours.ms.toFixed(3)),
    dnstwist_ms: reference ? Number(reference.ms.toFixed(1)) : null,
    ratio: reference ? Number((reference.ms / ours.ms).toFixed(1)) : null,
    recall: reference ? Number((reference.names.length === 0 ? 1 : found / reference.names.length).toFixed(4)) : null,
  };
});

if (values.json) process.stdout.write(`${JSON.stringify(rows)}\n`);
else {
  const machine = `${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GB`;
  console.log(`machine: ${machine}, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`);
  console.log('| domain | names | ours ms (median) | dnstwist ms (median) | ratio | recall |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.domain} | ${row.names} | ${row.ours_ms} | ${row.dnstwist_ms ?? 'n/a'} | ${row.ratio ?? 'n/a'} | ${row.recall ?? 'n/a'} |`,
    );
  }
}
