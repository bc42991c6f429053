/**
 * Full scan benchmark: static fetch + browser render + screenshot + checks, on the browser
 * fixtures (loopback DNS, egress proxy, system Chromium). Prints p50/p95 of one scan at a time,
 * then scans per minute with the pool busy, and the machine it ran on.
 *
 *   npm run bench:full-scan -- [rounds=6] [poolSize=2]
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';
import { createBrowserRenderStage, findChromium, scan } from '@riskscan/scanner';
import { startBrowserTestWorld } from '@riskscan/scanner/testing';

const PAGES = ['/landing', '/start', '/download', '/cloaked', '/reach-inside', '/popups'];
const rounds = Number(process.argv[2] ?? 6);
const poolSize = Number(process.argv[3] ?? 2);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const world = await startBrowserTestWorld(poolSize);
const render = createBrowserRenderStage({ pool: world.pool, screenshots: world.store, cloaking: true });
const scanOnce = async (pathname: string) => {
  const started = performance.now();
  const result = await scan(world.url(pathname), { render, network: { resolver: world.policy.resolver, allowPrivateNetworks: true } });
  if (!result.capture || result.capture.status === 'failed') throw new Error(`${pathname}: ${result.capture?.message}`);
  return performance.now() - started;
};

// The first scan launches Chromium; it is reported apart, not mixed into the percentiles.
const coldMs = await scanOnce('/landing');
const serial: number[] = [];
for (let round = 0; round < rounds; round += 1) for (const page of PAGES) serial.push(await scanOnce(page));
serial.sort((a, b) => a - b);

const queue = Array.from({ length: rounds * PAGES.length }, (_, index) => PAGES[index % PAGES.length]!);
const burstStarted = performance.now();
await Promise.all(
  Array.from({ length: poolSize }, async () => {
    for (let page = queue.shift(); page; page = queue.shift()) await scanOnce(page);
  }),
);
const burstSeconds = (performance.now() - burstStarted) / 1000;
await world.close();

const chromium = execFileSync(findChromium()!, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const report = {
  machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${chromium}`,
  loadAverage1m: Number(loadavg()[0]!.toFixed(1)),
  pages: PAGES.length,
  serialScans: serial.length,
  coldFirstScanMs: Math.round(coldMs),
  p50Ms: Math.round(percentile(serial, 50)),
  p95Ms: Math.round(percentile(serial, 95)),
  poolSize,
  burstScans: rounds * PAGES.length,
  scansPerMinute: Math.round(((rounds * PAGES.length) / burstSeconds) * 60),
};
console.log(JSON.stringify(report, null, 2));
