/**
 * Issue 40's heavy page: 100,000 nested elements and 100,000 links, scanned by a paying member
 * with the browser on. The scan must end within its time limit, and the worker must keep its job
 * lock the whole time: BullMQ reports a job whose lock lapsed as stalled, so stalls are counted.
 */
import { QueueEvents } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiCall } from './client.ts';
import type { HostileHosts } from './hostile-hosts.ts';

export type DomBombFigures = { status: string; seconds: number; stalled: number; capture: string };

type ScanAnswer = { status: string; data: { capture?: { status: string; message: string; duration_ms: number } } | null };

export async function domBombScan(
  call: ApiCall,
  member: string,
  hosts: HostileHosts,
  redisUrl: string,
  queue: string,
): Promise<DomBombFigures> {
  const events = new QueueEvents(queue, { connection: { url: redisUrl } });
  await events.waitUntilReady();
  let stalled = 0;
  events.on('stalled', () => stalled++);
  const started = performance.now();
  const queued = await call('/api/v1/scans/', { token: member, json: { url: `http://${hosts.domBomb}/`, new: true } });
  const uid = (queued.body as { uid?: string }).uid;
  if (!uid) throw new Error(`DOM bomb scan answered ${queued.status}: ${JSON.stringify(queued.body)}`);
  let answer: ScanAnswer = { status: 'queued', data: null };
  while (performance.now() - started < 600_000) {
    answer = (await call(`/api/v1/scans/${uid}/`, { token: member })).body as ScanAnswer;
    if (answer.status !== 'queued' && answer.status !== 'running') break;
    await sleep(500);
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  await events.close();
  const capture = answer.data?.capture;
  return {
    status: answer.status,
    seconds,
    stalled,
    capture: capture ? `${capture.status} in ${(capture.duration_ms / 1000).toFixed(1)} s: ${capture.message}` : 'none',
  };
}
