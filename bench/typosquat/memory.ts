import { generateLookalikes } from '@riskscan/scanner';

/**
 * Memory while streaming the look-alikes of a long name (over 100,000 of them):
 * `node --expose-gc --import tsx bench/typosquat/memory.ts [domain]`. Prints the heap (typed
 * arrays included) every 20,000 names: it grows only by the de-duplication set (8 bytes of hashes
 * a name, in tables that double), never by the output, which the consumer drops as it goes.
 */
const domain = process.argv[2] ?? 'internationalbusinessmachinescorporation.com';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const heap = () => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
};
const base = heap();
let count = 0;
const started = process.hrtime.bigint();
const samples: string[] = [];
for (const _ of generateLookalikes(domain)) {
  if (++count % 20_000 === 0) samples.push(`${count}: +${(heap() - base).toFixed(1)} MB`);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `${domain}: ${count} look-alikes in ${seconds.toFixed(2)} s (with the heap samples' GCs); heap over baseline ${samples.join(', ')}`,
);
const all = [...generateLookalikes(domain)];
console.log(
  `kept in an array instead: +${(heap() - base).toFixed(1)} MB for ${all.length} names (streaming peak above: ${samples.at(-1)})`,
);
