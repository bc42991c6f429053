/**
 * Retro-hunt throughput: `npm run triage -- --log FILE` end to end (process start, gunzip,
 * parsing, one verdict per distinct host, output) on a generated Squid log of a million lines
 * with 5,000 distinct hosts. `npm run bench:retro-hunt [-- LINES]`; results in RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOOKALIKE_HOSTS, squidLog } from '@riskscan/server/testing';

const lines = Number(process.argv[2] ?? 1_000_000);
const words = ['garden', 'bakery', 'cycling', 'weather', 'travel', 'books', 'music', 'repair', 'school', 'clinic'];
const benignHosts = Array.from(
  { length: 5_000 },
  (_, i) => `${['www', 'cdn', 'api', 'static'][i % 4]}.${words[i % 10]}-${words[(i * 7) % 10]}-${i}.example-${i % 40}.com`,
);

const dir = await mkdtemp(path.join(tmpdir(), 'riskscan-bench-retro-'));
try {
  const log = squidLog(lines, { badHosts: LOOKALIKE_HOSTS, badEvery: 1000, benignHosts });
  const plain = path.join(dir, 'access.log');
  await writeFile(plain, log);
  await writeFile(`${plain}.gz`, gzipSync(log));
  const cli = path.resolve(import.meta.dirname, '../../apps/server/src/modules/triage/triage.cli.ts');
  for (const file of [plain, `${plain}.gz`]) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli, '--log', file, '--json', '--no-reputation'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(result.stderr);
    const flagged = result.stdout.trim().split('\n').length;
    console.log(
      `${path.basename(file)}: ${lines.toLocaleString('en-US')} lines in ${seconds.toFixed(2)} s = ${Math.round((lines / seconds) * 60).toLocaleString('en-US')} lines/min; ${flagged} flagged visits`,
    );
  }
  console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
