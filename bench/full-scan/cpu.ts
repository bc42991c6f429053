/**
 * CPU per full scan (issue 36's budget): the benchmark's six pages scanned one at a time after a
 * cold scan, with the CPU time (user + system) of this process and of the browsers it started
 * counted over the warm scans. CPU, unlike wall-clock, holds on a machine shared with other work.
 *
 *   npx tsx bench/full-scan/cpu.ts [rounds=10]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createBrowserRenderStage, scan } from '@riskscan/scanner';
import { startBrowserTestWorld } from '@riskscan/scanner/testing';

const PAGES = ['/landing', '/start', '/download', '/cloaked', '/reach-inside', '/popups'];
const rounds = Number(process.argv[2] ?? 10);
const TICKS_PER_SECOND = 100;

/** CPU seconds of the processes below this one: the live ones' own, and those they reaped. */
function childrenCpuSeconds(): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // Fields after the command's closing parenthesis: state is [0], ppid [1], utime [11] .. cstime [14].
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) }];
      } catch {
        return [];
      }
    });
  const below = new Set([process.pid]);
  let ticks = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats)
      if (!below.has(stat.pid) && below.has(stat.ppid)) {
        below.add(stat.pid);
        ticks += stat.ticks;
        grew = true;
      }
  }
  return ticks / TICKS_PER_SECOND;
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const world = await startBrowserTestWorld(1);
const render = createBrowserRenderStage({ pool: world.pool, screenshots: world.store, cloaking: true });
const scanOnce = async (pathname: string) => {
  const result = await scan(world.url(pathname), { render, network: { resolver: world.policy.resolver, allowPrivateNetworks: true } });
  if (!result.capture || result.capture.status === 'failed') throw new Error(`${pathname}: ${result.capture?.message}`);
};

await scanOnce('/landing');
const [ownBefore, browsersBefore] = [ownCpuSeconds(), childrenCpuSeconds()];
for (let round = 0; round < rounds; round += 1) for (const page of PAGES) await scanOnce(page);
const [own, browsers] = [ownCpuSeconds() - ownBefore, childrenCpuSeconds() - browsersBefore];
await world.close();

const scans = rounds * PAGES.length;
const perScan = (seconds: number) => Math.round((seconds / scans) * 1000);
console.log(
  JSON.stringify(
    { scans, scannerCpuMsPerScan: perScan(own), browserCpuMsPerScan: perScan(browsers), totalCpuMsPerScan: perScan(own + browsers) },
    null,
    2,
  ),
);
