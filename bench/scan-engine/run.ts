/**
 * Static scan time per fixture site (p50/p95): DNS on loopback, TLS with the fixture CA, every
 * core check. Run: `npm run bench:scan -- [iterations]`; writes results.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { scan } from '@riskscan/scanner';
import { startFixtureWorld } from '@riskscan/scanner/testing';

const iterations = Number(process.argv[2] ?? 20);
const WARM_UP = 2;

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const format = (ms: number) => ms.toFixed(1);

const world = await startFixtureWorld();
const rows: { host: string; kind: string; p50: number; p95: number; score: number }[] = [];
const all: number[] = [];
try {
  for (const site of world.server.sites.filter((entry) => entry.manifest.kind !== 'support')) {
    const times: number[] = [];
    let score = 0;
    for (let run = 0; run < WARM_UP + iterations; run++) {
      const started = performance.now();
      const result = await scan(site.entryUrl, world.scanOptions);
      const elapsed = performance.now() - started;
      score = result.overall_risk;
      if (run >= WARM_UP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ host: site.host, kind: site.manifest.kind, p50: percentile(times, 50), p95: percentile(times, 95), score });
    console.log(`${site.host.padEnd(40)} p50 ${format(percentile(times, 50))} ms  p95 ${format(percentile(times, 95))} ms`);
  }
} finally {
  await world.close();
}
all.sort((a, b) => a - b);

const cpus = os.cpus();
const report = [
  '# Scan engine benchmark: static scan time per fixture',
  '',
  `Recorded ${new Date().toISOString().slice(0, 10)} with \`npm run bench:scan -- ${iterations}\` (${iterations} timed scans per site after ${WARM_UP} warm-up scans).`,
  '',
  `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}. The cores are shared with other work, so treat single numbers as noisy.`,
  '',
  'A scan here is the whole static pipeline: loopback DNS lookups (A and AAAA), the guarded fetch over TLS with redirects, charset decoding, page parsing, every core check and scoring. No browser stage.',
  '',
  '| site | kind | risk | p50 ms | p95 ms |',
  '| --- | --- | ---: | ---: | ---: |',
  ...rows.map((row) => `| ${row.host} | ${row.kind} | ${row.score} | ${format(row.p50)} | ${format(row.p95)} |`),
  `| **all sites** | | | **${format(percentile(all, 50))}** | **${format(percentile(all, 95))}** |`,
  '',
];
writeFileSync(fileURLToPath(new URL('./results.md', import.meta.url)), report.join('\n'));
console.log(`all sites: p50 ${format(percentile(all, 50))} ms, p95 ${format(percentile(all, 95))} ms`);
