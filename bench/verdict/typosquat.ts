import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { generateLookalikes } from '@riskscan/scanner';

/**
 * Look-alike generation time per domain against the length of its name, and, when the `dnstwist`
 * command is installed (Debian package `dnstwist`), dnstwist's own time for the same domain with
 * `--format list` (permutations only, no DNS; its Python start-up included). Run:
 * `npm run bench:typosquat`.
 */
const DOMAINS = [
  'bbc.com',
  'ebay.com',
  'apple.com',
  'paypal.com',
  'netflix.com',
  'microsoft.com',
  'wellsfargo.com',
  'bankofamerica.com',
  'americanexpress.com',
  'internationalbusiness.com',
];
const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function timeOurs(domain: string): { ms: number; count: number } {
  let count = 0;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    count = generateLookalikes(domain).length;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: median(times), count };
}

function timeDnstwist(domain: string): { ms: number; count: number } | null {
  const started = process.hrtime.bigint();
  const result = spawnSync('dnstwist', ['--format', 'list', domain], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error || result.status !== 0) return null;
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, count: result.stdout.split('\n').filter(Boolean).length };
}

console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);
generateLookalikes('warmup.com');
console.log('| domain | name length | ours: look-alikes | ours: ms (median of 7) | dnstwist: permutations | dnstwist: ms |');
console.log('|---|---|---|---|---|---|');
for (const domain of DOMAINS) {
  const ours = timeOurs(domain);
  const theirs = timeDnstwist(domain);
  const name = domain.split('.')[0] ?? domain;
  console.log(
    `| ${domain} | ${name.length} | ${ours.count} | ${ours.ms.toFixed(1)} | ${theirs ? theirs.count : 'n/a'} | ${theirs ? theirs.ms.toFixed(0) : 'n/a'} |`,
  );
}
