/**
 * `npm run bench:soak -- [--minutes 10] [--clients 3]`: one API process and one worker (browser
 * on, pool of 2) on a private PostgreSQL and Redis, kept busy with full scans of the fixture sites
 * for the whole run. Samples resident memory and V8 heap of both processes and the Chromium
 * processes under the worker every 30 s; writes RESULTS.md beside this file with the figures
 * before (after a warm-up) and after, and the growth.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createDatabase } from '@riskscan/server';
import { createLargestPlanAccount, freePort, startFleetBase, startServerProcess } from '../../reliability/fleet/cluster.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, clients: { type: 'string', default: '3' } } });
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const WARM_UP_MS = Math.min(60_000, (minutes * 60_000) / 5);

const workerPort = await freePort();
const fleet = await startFleetBase({ SCAN_BROWSER: 'true', SCAN_BROWSER_POOL_SIZE: '2', SCAN_WORKER_CONCURRENCY: '2', LOG_LEVEL: 'warn' });
const METRICS_TOKEN = 'soak-metrics-token-0123456789';
const apiProcess = startServerProcess('api', 'api', { ...fleet.env, LOG_LEVEL: 'info', METRICS_TOKEN }, await freePort());
await apiProcess.ready;
const workerProcess = startServerProcess('worker', 'worker', { ...fleet.env, LOG_LEVEL: 'info', WORKER_METRICS_PORT: String(workerPort) });
await workerProcess.ready;
const base = `http://127.0.0.1:${apiProcess.port}`;

const db = await createDatabase({ kind: 'postgres', url: fleet.postgres.url });
const password = 'Soak!pass1';
const user = await createLargestPlanAccount(db, 'soak', password);
const login = await fetch(`${base}/api/v1/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: user.email, password }),
});
const { token } = (await login.json()) as { token: string };

/** Resident set size of a process, from /proc. */
const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Chromium processes descending from `pid` (other jobs on the machine run their own browsers). */
function chromiumUnder(pid: number): number {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      names.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0] ?? '');
    } catch {
      // gone meanwhile
    }
  }
  let count = 0;
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      if (/chrom/i.test(names.get(child) ?? '')) count += 1;
      walk(child);
    }
  };
  walk(pid);
  return count;
}

async function heapBytes(url: string): Promise<number> {
  const text = await (await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^riskscan_nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
}

type Sample = {
  atSeconds: number;
  apiRss: number;
  apiHeap: number;
  workerRss: number;
  workerHeap: number;
  chromium: number;
  scans: number;
};
const samples: Sample[] = [];
const started = Date.now();
let finished = 0;
let failed = 0;
let stopping = false;

async function sample(): Promise<Sample> {
  return {
    atSeconds: Math.round((Date.now() - started) / 1000),
    apiRss: rssBytes(apiProcess.child.pid!),
    apiHeap: await heapBytes(`${base}/metrics`),
    workerRss: rssBytes(workerProcess.child.pid!),
    workerHeap: await heapBytes(`http://127.0.0.1:${workerPort}/metrics`),
    chromium: chromiumUnder(workerProcess.child.pid!),
    scans: finished,
  };
}

const SITES = ['https://sunny-garden-blog.com/', 'https://daily-metro-news.com/'];
async function client(id: number): Promise<void> {
  for (let index = 0; !stopping; index++) {
    const response = await fetch(
      `${base}/api/v1/check-url/?${new URLSearchParams({ url: `${SITES[index % SITES.length]}?c${id}-${index}`, new: 'true' })}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const body = (await response.json().catch(() => ({}))) as { status?: string };
    if (response.status === 200 && body.status === 'done') finished += 1;
    else failed += 1;
  }
}

const running = Array.from({ length: clients }, (_, id) => client(id));
await sleep(WARM_UP_MS);
const before = await sample();
samples.push(before);
while (Date.now() - started < minutes * 60_000) {
  await sleep(30_000);
  samples.push(await sample());
}
stopping = true;
await Promise.all(running);
const after = samples.at(-1)!;
const idle = await (async () => {
  await sleep(15_000);
  return sample();
})();

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const growth = (from: number, to: number) => `${to >= from ? '+' : ''}${((to - from) / 1024 / 1024).toFixed(1)} MB`;
const lines = [
  '# Soak: API and worker with the browser pool busy',
  '',
  `Recorded ${new Date().toISOString()} with \`npm run bench:soak -- --minutes ${minutes} --clients ${clients}\`: one API process and one worker`,
  '(browser on, SCAN_BROWSER_POOL_SIZE=2, SCAN_WORKER_CONCURRENCY=2) on a private PostgreSQL and Redis, kept busy by',
  `${clients} clients each scanning a fixture site (full scan: static fetch, Chromium render and screenshot, checks) one after another.`,
  `"before" is after a ${Math.round(WARM_UP_MS / 1000)} s warm-up; "idle" 15 s after the clients stopped. The machine's 2 cores were shared with other jobs.`,
  '',
  `Scans finished: ${finished}; not finished (timeouts, failures): ${failed}.`,
  '',
  '| | at | API RSS | API heap used | worker RSS | worker heap used | Chromium processes under the worker |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...[
    ['before', before],
    ['after', after],
    ['idle', idle],
  ].map(
    ([label, s]) =>
      `| ${label as string} | ${(s as Sample).atSeconds} s | ${mb((s as Sample).apiRss)} | ${mb((s as Sample).apiHeap)} | ${mb((s as Sample).workerRss)} | ${mb((s as Sample).workerHeap)} | ${(s as Sample).chromium} |`,
  ),
  `| growth (after − before) | | ${growth(before.apiRss, after.apiRss)} | ${growth(before.apiHeap, after.apiHeap)} | ${growth(before.workerRss, after.workerRss)} | ${growth(before.workerHeap, after.workerHeap)} | ${after.chromium - before.chromium} |`,
  '',
  '## Every sample',
  '',
  '| s | scans | API RSS | API heap | worker RSS | worker heap | Chromium |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...samples.map(
    (s) =>
      `| ${s.atSeconds} | ${s.scans} | ${mb(s.apiRss)} | ${mb(s.apiHeap)} | ${mb(s.workerRss)} | ${mb(s.workerHeap)} | ${s.chromium} |`,
  ),
  '',
];
writeFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
await db.destroy();
await Promise.all([apiProcess.stop(), workerProcess.stop()]);
await fleet.close();
