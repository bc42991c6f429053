import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { bullmqSettings, createBullmqJobs, type Jobs, startBullmqWorkers } from '../../jobs/index.ts';
import { removeQueues } from '../../jobs/testing/remove-queues.ts';
import { createMonitoringJobs, type MonitoringJobs } from './monitoring-jobs.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const scanQueue = `scans-monitoring-test-${process.pid}-${Date.now()}`;

let world: ScanTestWorld;
let jobs: Jobs;
let monitoring: MonitoringJobs;
let worker: { close(): Promise<void> };
let owner: SignedInUser;

beforeAll(async () => {
  // The scheduler beats every second as a BullMQ repeatable job; no in-process timer runs.
  world = await startScanTestWorld({ env: { REDIS_URL, SCAN_QUEUE_NAME: scanQueue, MONITOR_TICK_SECONDS: '1' } });
  // A watched domain whose one registered look-alike has name servers and no address: no scan to wait for.
  world.world.dns.set('quiet-meadw.net', { records: [{ type: 'NS', ns: 'ns1.registrar.example' }] });
  await world.app.ready();
  // What `npm run worker` runs of monitoring: its job definitions on BullMQ workers.
  const settings = bullmqSettings(world.config.scanService, REDIS_URL);
  jobs = createBullmqJobs(settings);
  monitoring = createMonitoringJobs(world.app.monitoring, jobs);
  worker = startBullmqWorkers(settings, monitoring.definitions);
  owner = await signedInUser(world.app);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await jobs?.close();
  await world?.close();
  // Monitoring's queues and the app's other jobs (deliveries).
  await removeQueues(REDIS_URL, scanQueue);
});

async function runs(uid: string) {
  const rows = await world.app.db
    .selectFrom('monitor_runs')
    .innerJoin('monitors', 'monitors.id', 'monitor_runs.monitor_id')
    .select(['monitor_runs.trigger', 'monitor_runs.status'])
    .where('monitors.uid', '=', uid)
    .execute();
  return rows;
}

describe('domain monitoring on BullMQ', () => {
  it('runs scheduled checks from the repeatable beat, once per due monitor', async () => {
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'quiet-meadow.net' },
    });
    const uid = created.json().uid;
    for (let tries = 0; tries < 300; tries++) {
      const rows = await runs(uid);
      if (rows.some((row) => row.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Several beats passed while the run went; the monitor was due once, so it ran once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runs(uid)).toEqual([{ trigger: 'schedule', status: 'done' }]);
    const page = (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${uid}/lookalikes/`, headers: owner.headers })).json();
    expect(page.results.map((row: { domain: string; status: string }) => `${row.domain}:${row.status}`)).toEqual([
      'quiet-meadw.net:registered',
    ]);
  }, 60_000);

  it('queues "check now" as one job however often it is asked for', async () => {
    const [monitor] = (await world.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: owner.headers })).json();
    const first = await world.app.inject({ method: 'POST', url: `/api/v1/monitors/${monitor.uid}/run/`, headers: owner.headers });
    const second = await world.app.inject({ method: 'POST', url: `/api/v1/monitors/${monitor.uid}/run/`, headers: owner.headers });
    expect(first.statusCode).toBe(202);
    expect(second.json().uid).toBe(first.json().uid);
    for (let tries = 0; tries < 300; tries++) {
      if ((await runs(monitor.uid)).every((row) => row.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await runs(monitor.uid)).toEqual(
      expect.arrayContaining([
        { trigger: 'schedule', status: 'done' },
        { trigger: 'manual', status: 'done' },
      ]),
    );
    expect(await runs(monitor.uid)).toHaveLength(2);
  }, 60_000);
});
