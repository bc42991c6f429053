/**
 * `npm run reliability:abuse:scans`: issue 40's cases that need scans, deliveries or a big index,
 * against the same production-like fleet as `run.ts` (private PostgreSQL and Redis, API and worker
 * in production mode, the browser on): a trickling callback receiver, two guests looping scans of
 * a black-holed host, a DOM bomb and the largest searches over 500,000 indexed scans. Every host is
 * generated on loopback (`cases/hostile-hosts.ts`). Writes its section of RESULTS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createDatabase } from '@riskscan/server';
import { createLargestPlanAccount, freePort, startFleetBase, startServerProcess } from '../fleet/cluster.ts';
import { bigSearches, fillSearchIndex, INDEXED_SCANS, searchBurst } from './cases/big-search.ts';
import { trickleCallbacks } from './cases/callbacks.ts';
import { apiClient, seconds } from './cases/client.ts';
import { domBombScan } from './cases/dom-bomb.ts';
import { guestsLoopingSlowScans } from './cases/fair-queue.ts';
import { startHostileHosts } from './cases/hostile-hosts.ts';
import { SCANS_SECTION } from './results-section.ts';

const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

const fleet = await startFleetBase({
  SCAN_BROWSER: 'true',
  // Guests with addresses to spare: the network cap (which counts given-back scans) is not what is measured.
  FREE_SCANS_PER_IP_PER_DAY: '100000',
  DELIVERY_ATTEMPTS: '6',
  DELIVERY_RETRY_DELAY_MS: '1000',
});
const hosts = await startHostileHosts(fleet.world);
const apiPort = await freePort();
const api = startServerProcess('api', 'api', fleet.env, apiPort);
const worker = startServerProcess('worker', 'worker', fleet.env);
await Promise.all([api.ready, worker.ready]);
const base = `http://127.0.0.1:${apiPort}`;
const call = apiClient(base);
const db = await createDatabase({ kind: 'postgres', url: fleet.postgres.url });
const password = 'Abuse!pass1';
const tokenOf = async (name: string) => {
  const user = await createLargestPlanAccount(db, name, password);
  const login = await call('/api/v1/login/', { json: { email: user.email, password } });
  return (login.body as { token: string }).token;
};
const [attacker, member] = [await tokenOf('attacker'), await tokenOf('member')];

const lines: string[] = [];
try {
  if (wanted('callbacks')) {
    const figures = await trickleCallbacks(call, db, attacker, member, hosts);
    lines.push(
      `- **Trickling callback receiver**: ${figures.attackerScans} scans of one account call back a receiver that failed once and then trickles one byte every 5 s; another account's callback arrived ${seconds(figures.baseline)} s after its scan ended before, and ${figures.lags.map(seconds).join(' s, ')} s after while the receiver was retried (queued to sent in the delivery log: ${figures.queuedToSent.map(seconds).join(' s, ')} s).`,
    );
  }
  if (wanted('queue')) {
    const figures = await guestsLoopingSlowScans(call, member, hosts);
    lines.push(
      `- **Two guests looping scans of a black-holed host** (${figures.guestScans.length} guest scans of ${figures.guestScans.length ? seconds(Math.min(...figures.guestScans)) : '-'}–${figures.guestScans.length ? seconds(Math.max(...figures.guestScans)) : '-'} s, answers ${figures.guestStatuses.join(', ')}): a paying member's fast scan took ${seconds(figures.baseline)} s alone and ${figures.member.map(seconds).join(' s, ')} s meanwhile.`,
    );
  }
  if (wanted('dom')) {
    const figures = await domBombScan(call, member, hosts, fleet.redis.url, fleet.env.SCAN_QUEUE_NAME ?? '');
    lines.push(
      `- **DOM bomb** (100,000 nested elements, 100,000 links): the scan ended ${figures.status} after ${seconds(figures.seconds)} s (time limit ${Number(fleet.env.SCAN_TIME_LIMIT_MS ?? 120_000) / 1000} s), job lock of ${Number(fleet.env.SCAN_JOB_LOCK_MS) / 1000} s lapsed ${figures.stalled} times (stalled events); capture ${figures.capture}`,
    );
  }
  if (wanted('search')) {
    const filled = await fillSearchIndex(db);
    const rows = await bigSearches(call, member);
    lines.push(
      `- **Searches over ${INDEXED_SCANS.toLocaleString('en')} indexed scans** (index written in ${seconds(filled)} s):`,
      '',
      '| Query | Answer | Seconds | Count |',
      '| --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.name} | ${row.status} | ${row.seconds.toFixed(2)} | ${row.count ?? '-'} |`),
      '',
      `- **Twenty searches of the first shape at once**, anonymous: ${await searchBurst(call, base)}.`,
    );
  }
} finally {
  const cpus = os.cpus();
  const heading = `Run by \`npm run reliability:abuse:scans\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, load average at the end ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}. Same fleet as above with the browser on, free scans per network raised to 100,000, deliveries retried after 1 s.`;
  const file = new URL('./RESULTS.md', import.meta.url);
  const before = readFileSync(file, 'utf8');
  const kept = before.includes(SCANS_SECTION) ? before.slice(0, before.indexOf(SCANS_SECTION)).trimEnd() : before.trimEnd();
  writeFileSync(file, `${kept}\n\n${SCANS_SECTION}\n\n${heading}\n\n${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  await db.destroy();
  await api.stop();
  await worker.stop();
  await hosts.close();
  await fleet.close();
}
