import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForScan } from '../modules/scans/index.ts';
import { bearer, startScanTestWorld, type ScanTestWorld } from '../modules/scans/testing/scan-test-world.ts';
import { readCounter } from '../testing/read-counter.ts';
import { removeQueues } from './testing/remove-queues.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = fileURLToPath(new URL('../../', import.meta.url));

type WorkerProcess = { child: ChildProcess; lines: Record<string, unknown>[]; exited: Promise<void> };

/** `npm run worker` as its own process, its JSON log lines collected. */
function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const complete = buffer.split('\n');
    buffer = complete.pop()!;
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, lines, exited };
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Worker processes share the scans table with the API, which an in-memory PGlite cannot offer: PostgreSQL only.
describe('BullMQ on Redis with two worker processes', () => {
  const queueName = `scans-test-${process.pid}-${Date.now()}`;
  /** While `hold` is on, requests wait unanswered (their workers are mid-scan) until `release()`. */
  const requests: string[] = [];
  const held: http.ServerResponse[] = [];
  let hold = true;
  const answer = (response: http.ServerResponse) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Corner shop</title><h1>Welcome</h1>');
  const release = () => {
    hold = false;
    for (const response of held.splice(0)) if (!response.destroyed) answer(response);
  };
  const site = http.createServer((request, response) => {
    requests.push(request.url ?? '/');
    if (hold) held.push(response);
    else answer(response);
  });
  const siteUrl = (query: string) => `http://corner-shop.example:${(site.address() as AddressInfo).port}/?${query}`;
  const scanDone = (worker: WorkerProcess, uid: string) => worker.lines.some((line) => line.msg === 'scan done' && line.scanUid === uid);
  let t: ScanTestWorld;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const env = {
      REDIS_URL,
      SCAN_QUEUE_NAME: queueName,
      // Long enough that a busy machine still renews a live worker's lock (renewed every half of it); a killed worker's lapses after it.
      SCAN_JOB_LOCK_MS: '5000',
      SCAN_RETRY_DELAY_MS: '200',
      SCAN_TIME_LIMIT_MS: '60000',
    };
    t = await startScanTestWorld({ env });
    t.world.dns.set('corner-shop.example', ['127.0.0.1']);
    if (t.testDb.database.kind !== 'postgres') throw new Error('unreachable');
    const workerEnv = {
      ...env,
      DATABASE_URL: t.testDb.database.url,
      SCAN_DNS_SERVERS: t.world.dns.server,
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
      SCAN_WORKER_CONCURRENCY: '1',
      SCAN_BROWSER: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    };
    workers = [startWorker(workerEnv), startWorker(workerEnv)];
    // Two processes compiling and connecting at once take a while on a busy machine.
    await until('both workers', () => workers.every((worker) => worker.lines.some((line) => line.msg === 'scan worker ready')), 90_000);
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    await t.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
    await removeQueues(REDIS_URL, queueName);
  });

  it('runs scans on both workers at once', { timeout: 60_000 }, async () => {
    const user = await t.signedInUser();
    hold = true;
    const uids: string[] = [];
    for (const n of [1, 2]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/scans/',
        headers: bearer(user.token),
        payload: { url: siteUrl(`both=${n}`), fastCheck: true },
      });
      uids.push(response.json().uid);
    }
    // Each worker takes one scan at a time: two held requests mean both are busy.
    await until('both workers to be mid-scan', () => held.length === 2);
    release();
    for (const uid of uids) await until(`scan ${uid}`, () => workers.some((worker) => scanDone(worker, uid)));
    expect(workers.map((worker) => uids.filter((uid) => scanDone(worker, uid)).length)).toEqual([1, 1]);
  });

  it('wakes a waiting request when a worker finishes the scan, without polling the database', { timeout: 60_000 }, async () => {
    const user = await t.signedInUser();
    hold = true;
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: bearer(user.token),
      payload: { url: siteUrl('wake=1'), fastCheck: true },
    });
    const uid: string = queued.json().uid;
    await until('a worker to be mid-scan', () => held.length === 1);
    // The same wait the check-url route makes: the row is read once before and once after the job's end.
    const counter = readCounter();
    const waiting = waitForScan({ db: t.app.db.withPlugin(counter.plugin), queue: t.app.scans.queue }, uid, 50_000);
    const answered = t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: bearer(user.token),
      payload: { url: siteUrl('wake=2'), fastCheck: true, wait: true },
    });
    await until('the waited scan to be mid-scan too', () => held.length === 2);
    release();
    expect((await waiting).status).toBe('done');
    expect(counter.reads).toBe(2);
    const response = await answered;
    expect([response.statusCode, response.json().status]).toEqual([200, 'done']);
  });

  it('finishes a scan on the other worker when the one running it is killed', { timeout: 60_000 }, async () => {
    const user = await t.signedInUser();
    hold = true;
    const url = siteUrl('kill=1');
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: bearer(user.token),
      payload: { url, fastCheck: true },
    });
    expect(queued.statusCode).toBe(202);
    const uid: string = queued.json().uid;

    await until('the scan to reach the site', () => held.length === 1);
    const busy = await until('the worker running it', () =>
      workers.find((worker) => worker.lines.some((line) => line.msg === 'scan started' && line.scanUid === uid)),
    );
    const other = workers.find((worker) => worker !== busy)!;
    busy.child.kill('SIGKILL');
    await busy.exited;
    release();

    const done = await until('the scan to finish', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/scans/${uid}/`, headers: bearer(user.token) });
      return response.json<{ status: string; data: { url: string } }>().status === 'done'
        ? response.json<{ data: { url: string } }>()
        : undefined;
    });
    expect(done.data.url).toBe(url);
    expect(requests.filter((path) => path === '/?kill=1')).toHaveLength(2);
    // The worker logs after it has stored the report (and indexed it for search): wait for the line.
    expect(await until('the other worker to log the scan done', () => scanDone(other, uid))).toBe(true);
    const row = await t.app.db.selectFrom('scans').select(['status', 'attempts']).where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', attempts: 2 });
  });
});
