/**
 * Issue 40's head-of-line case: one account's callbacks go to a receiver that fails once and then
 * trickles one byte every 5 s, while another account's callbacks must still arrive on time. The
 * figure is the lag from the victim's scan ending (its `wait` answer) to its callback's arrival.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@riskscan/server';
import type { ApiCall } from './client.ts';
import { seconds } from './client.ts';
import type { HostileHosts } from './hostile-hosts.ts';

/** `queuedToSent`: from the callback's row being written to its delivery, as the log records them. */
export type CallbackFigures = { baseline: number; lags: number[]; queuedToSent: number[]; attackerScans: number };

const SCAN_URL = 'https://sunny-garden-blog.com/';
const ATTACKER_SCANS = 12;

async function victimLag(call: ApiCall, token: string, hosts: HostileHosts, label: string): Promise<number> {
  const path = `/victim/${label}`;
  const answer = await call('/api/v1/scans/', {
    token,
    json: { url: SCAN_URL, new: true, wait: true, callback_url: `http://${hosts.receiver}${path}` },
  });
  if (answer.status !== 200) throw new Error(`victim scan answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const ended = performance.now();
  for (let waited = 0; waited < 300_000; waited += 100) {
    const arrived = hosts.arrivals.get(path);
    if (arrived !== undefined) return Math.max(0, arrived - ended) / 1000;
    await sleep(100);
  }
  return Infinity;
}

/** Seconds from the delivery row's creation to its delivery: whether a late callback waited in the delivery log or before it. */
async function queuedToSent(db: Db, hosts: HostileHosts, label: string): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select(['created_at', 'delivered_at'])
    .where('target', '=', `http://${hosts.receiver}/victim/${label}`)
    .executeTakeFirst();
  return row?.delivered_at ? (row.delivered_at.getTime() - row.created_at.getTime()) / 1000 : NaN;
}

export async function trickleCallbacks(
  call: ApiCall,
  db: Db,
  attacker: string,
  victim: string,
  hosts: HostileHosts,
): Promise<CallbackFigures> {
  const baseline = await victimLag(call, victim, hosts, 'baseline');
  const submitted = await Promise.all(
    Array.from({ length: ATTACKER_SCANS }, (_, index) =>
      call('/api/v1/scans/', {
        token: attacker,
        json: { url: `${SCAN_URL}?n=${index}`, new: true, callback_url: `http://${hosts.trickle}/cb/${index}` },
      }),
    ),
  );
  const refused = submitted.find((answer) => answer.status !== 202 && answer.status !== 200);
  if (refused) throw new Error(`attacker scan answered ${refused.status}: ${JSON.stringify(refused.body)}`);
  // Let the attacker's scans end and their deliveries reach the receiver (failed once, now trickling).
  await sleep(15_000);
  const lags: number[] = [];
  const logged: number[] = [];
  for (let round = 0; round < 3; round++) {
    lags.push(await victimLag(call, victim, hosts, `during-${round}`));
    logged.push(await queuedToSent(db, hosts, `during-${round}`));
    await sleep(5_000);
  }
  console.log(
    `callbacks: baseline ${seconds(baseline)} s, during ${lags.map(seconds).join(', ')} s, queued to sent ${logged.map(seconds).join(', ')} s`,
  );
  return { baseline, lags, queuedToSent: logged, attackerScans: ATTACKER_SCANS };
}
