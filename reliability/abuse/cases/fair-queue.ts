/**
 * Issue 40's unfair-queue case: two guests loop free scans of a black-holed host (each given back,
 * as an unreachable page is) while a paying member asks for a fast scan, which must end within 5 s.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiCall } from './client.ts';
import { seconds } from './client.ts';
import type { HostileHosts } from './hostile-hosts.ts';

export type QueueFigures = { baseline: number; member: number[]; guestScans: number[]; guestStatuses: string[] };

const FAST_URL = 'https://sunny-garden-blog.com/';

async function memberScan(call: ApiCall, token: string): Promise<number> {
  const answer = await call(`/api/v1/check-url/?url=${encodeURIComponent(FAST_URL)}&new=true`, { token });
  if (answer.status !== 200) throw new Error(`member scan answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.seconds;
}

/** One guest: a free-scan id, its token, and scans of the silent host again and again. */
async function guestLoop(call: ApiCall, hosts: HostileHosts, running: () => boolean, times: number[], statuses: Set<string>) {
  let uid = '';
  let token = '';
  while (running()) {
    if (!token) {
      uid = `anon-${randomBytes(6).toString('hex')}-guest`;
      const claim = await call('/api/v1/free-scan/', { json: { uid } });
      token = (claim.body as { auth_token: string | null }).auth_token ?? '';
      if (!token) {
        statuses.add(`claim ${claim.status}`);
        await sleep(1_000);
        continue;
      }
    }
    const scan = await call(`/api/v1/check-url/?url=${encodeURIComponent(`http://${hosts.tarpit}/`)}&new=true&freescan_uid=${uid}`, {
      token,
    });
    statuses.add(String(scan.status));
    times.push(scan.seconds);
    // A scan given back keeps the id's free scan; anything else spends it: start another id.
    if (scan.status !== 200 || (scan.body as { data?: { reachable?: boolean } }).data?.reachable !== false) token = '';
  }
}

export async function guestsLoopingSlowScans(call: ApiCall, member: string, hosts: HostileHosts): Promise<QueueFigures> {
  const baseline = await memberScan(call, member);
  let running = true;
  const guestScans: number[] = [];
  const statuses = new Set<string>();
  const guests = [0, 1].map(() => guestLoop(call, hosts, () => running, guestScans, statuses));
  await sleep(3_000);
  const times: number[] = [];
  for (let round = 0; round < 4; round++) {
    times.push(await memberScan(call, member));
    await sleep(4_000 + round * 1_500);
  }
  running = false;
  await Promise.all(guests);
  console.log(
    `queue: baseline ${seconds(baseline)} s, member ${times.map(seconds).join(', ')} s, guests ${guestScans.map(seconds).join(', ')} s`,
  );
  return { baseline, member: times, guestScans, guestStatuses: [...statuses] };
}
