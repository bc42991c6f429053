import { availableParallelism, cpus, loadavg } from 'node:os';
import { createVerdictEngine, LookalikeIndex, brandCatalogue, TOP_SITES, type ReputationIndex } from '@riskscan/scanner';
import { buildCorpus, buildReputation } from './corpus.ts';

/**
 * Verdicts per second of the in-process engine on one thread, with and without a 300,000-entry
 * reputation index. Each run starts from a fresh engine (empty look-alike memo) and judges a
 * million log-like URLs once. Rates are given per wall-clock second and per CPU second: the
 * second is steadier on a shared machine. Run: `npm run bench:verdict`.
 */
const CORPUS = 1_000_000;
const RUNS = 3;

const corpus = buildCorpus(CORPUS);
const reputation = buildReputation(300_000);
const setups: [string, ReputationIndex | null][] = [
  ['with reputation (300k indicators)', reputation],
  ['without reputation', null],
];

const format = (value: number) => Math.round(value).toLocaleString('en');
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);

// Warm-up on another slice so the JIT has compiled the hot paths before any measured run.
const warm = createVerdictEngine({ reputation, lookalikes: new LookalikeIndex(brandCatalogue(), TOP_SITES) });
for (const url of buildCorpus(50_000)) warm.verdict(url);

for (const [name, index] of setups) {
  for (let run = 0; run < RUNS; run++) {
    const engine = createVerdictEngine({ reputation: index, lookalikes: new LookalikeIndex(brandCatalogue(), TOP_SITES) });
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (const url of corpus) engine.verdict(url);
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(`${name}, run ${run + 1}: ${format(CORPUS / wall)} verdicts/s wall, ${format(CORPUS / cpuSeconds)} verdicts/s CPU`);
  }
}
