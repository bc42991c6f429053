/**
 * Scan service benchmark: end-to-end scans per minute through the API with 1 and 2 BullMQ worker
 * processes, and `GET /api/recent-scans/` latency under load (autocannon). Needs PostgreSQL
 * (TEST_POSTGRES_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 * Run: `npm run bench:scan-service -- [scans per run]`; writes results.md beside this file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startFixtureWorld } from '@riskscan/scanner/testing';

process.env.TEST_DATABASE = 'postgres';
const { buildApp, loadConfig } = await import('@riskscan/server');
const { BUSINESS_PLAN, createTestDatabase, createUser, fixedPlan, signInAs } = await import('@riskscan/server/testing');

const scansPerRun = Number(process.argv[2] ?? 60);
const CONCURRENCY_PER_WORKER = 2;
const LOAD_SECONDS = 10;
const LOAD_CONNECTIONS = 20;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

const world = await startFixtureWorld();
const testDb = await createTestDatabase();
if (testDb.database.kind !== 'postgres') throw new Error('the benchmark needs PostgreSQL');
const queueName = `scans-bench-${Date.now()}`;
const env = {
  REDIS_URL: redisUrl,
  SCAN_QUEUE_NAME: queueName,
  SCAN_WORKER_CONCURRENCY: String(CONCURRENCY_PER_WORKER),
  LOG_LEVEL: 'silent',
};
const config = loadConfig({
  ...env,
  NODE_ENV: 'production',
  DATABASE_URL: testDb.database.url,
  RATE_LIMIT_MAX: '100000000',
  DATA_DIR: os.tmpdir(),
});
const app = await buildApp(config, { db: testDb.db, ...fixedPlan(BUSINESS_PLAN) });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const user = await createUser(app);
const { token } = await signInAs(app, user);

function startWorker(): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      LOG_LEVEL: 'info',
      DATABASE_URL: testDb.database.url,
      SCAN_DNS_SERVERS: world.dns.server,
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('scan worker ready')) resolve();
    });
  });
  return { child, ready };
}

/** Submits `count` scans at once through the HTTP API and waits for all of them; scans per minute. */
async function scansPerMinute(workerCount: number, count: number, label: string): Promise<number> {
  const workers = Array.from({ length: workerCount }, startWorker);
  await Promise.all(workers.map((worker) => worker.ready));
  const started = performance.now();
  const uids = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const response = await fetch(`${base}/api/v1/scans/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://sunny-garden-blog.com:${world.server.httpPort}/?${label}=${n}`, new: true }),
      });
      return ((await response.json()) as { uid: string }).uid;
    }),
  );
  for (;;) {
    const finished = await app.db
      .selectFrom('scans')
      .select('uid')
      .where('uid', 'in', uids)
      .where('status', 'in', ['done', 'failed'])
      .execute();
    if (finished.length === uids.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const minutes = (performance.now() - started) / 60_000;
  for (const worker of workers) worker.child.kill('SIGTERM');
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.child.once('exit', resolve))));
  return count / minutes;
}

const throughput: { workers: number; perMinute: number }[] = [];
try {
  await scansPerMinute(1, 10, 'warmup');
  for (const workers of [1, 2]) {
    const perMinute = await scansPerMinute(workers, scansPerRun, `w${workers}`);
    throughput.push({ workers, perMinute });
    console.log(`${workers} worker(s): ${perMinute.toFixed(0)} scans/min`);
  }
  const load = await autocannon({ url: `${base}/api/recent-scans/`, connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS });
  console.log(`recent-scans: ${load.requests.average} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms`);

  const cpus = os.cpus();
  const report = [
    '# Scan service benchmark',
    '',
    `Recorded ${new Date().toISOString().slice(0, 10)} with \`npm run bench:scan-service -- ${scansPerRun}\`.`,
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), shared with other jobs; Node ${process.version}; PostgreSQL and Redis on loopback.`,
    '',
    '## Scans per minute, end to end',
    '',
    `${scansPerRun} scans submitted at once with \`POST /api/v1/scans/\` to one API process; BullMQ worker processes with`,
    `SCAN_WORKER_CONCURRENCY=${CONCURRENCY_PER_WORKER} each run the static scan of a loopback fixture site (no browser stage, no AI summary);`,
    'timed from the first request until the last scan is stored. The API process and the workers share the 2 cores.',
    '',
    '| workers | scans per minute |',
    '| ------: | ---------------: |',
    ...throughput.map((row) => `| ${row.workers} | ${row.perMinute.toFixed(0)} |`),
    '',
    '## `GET /api/recent-scans/` under load',
    '',
    `autocannon, ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s against the board (${10 + 2 * scansPerRun} scans in the table; the board is cached for 2 s per API process).`,
    '',
    '| requests/s (mean) | latency p50 | p90 | p99 | max | errors | non-2xx |',
    '| ----------------: | ----------: | --: | --: | --: | -----: | ------: |',
    `| ${load.requests.average.toFixed(0)} | ${load.latency.p50} ms | ${load.latency.p90} ms | ${load.latency.p99} ms | ${load.latency.max} ms | ${load.errors} | ${load.non2xx} |`,
    '',
  ].join('\n');
  writeFileSync(new URL('results.md', import.meta.url), report);
} finally {
  await app.close();
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection });
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  await testDb.drop();
  await world.close();
}
