import { PopularityIndex } from '@riskscan/scanner';

/**
 * What a million-domain ranking costs the process once loaded (the budget: 64 MB), and
 * how fast a domain is looked up. Run: `npx tsx --expose-gc bench/verdict/popularity/memory.ts`.
 */
const gc = (globalThis as { gc?: () => void }).gc;
const COUNT = 1_000_000;
gc?.();
const before = process.memoryUsage();
const index = new PopularityIndex(
  (function* () {
    for (let i = 0; i < COUNT; i++) yield `site-${i.toString(36)}.com`;
  })(),
  { list: 'synthetic', date: '', licence: '', url: '' },
);
gc?.();
const after = process.memoryUsage();
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `${index.size} domains kept: heap +${mb(after.heapUsed - before.heapUsed)} MB, typed arrays +${mb(after.arrayBuffers - before.arrayBuffers)} MB (RSS +${mb(after.rss - before.rss)} MB, building included)`,
);
const cpu = process.cpuUsage();
let found = 0;
for (let i = 0; i < COUNT; i++) if (index.bucketOf(`site-${(i * 7).toString(36)}.com`) > 0) found++;
const used = process.cpuUsage(cpu);
console.log(`${COUNT} look-ups in ${((used.user + used.system) / 1e6).toFixed(2)} CPU s (${found} ranked)`);
