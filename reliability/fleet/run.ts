/**
 * `npm run reliability:fleet`: the fleet on this machine (private PostgreSQL and Redis, two API
 * processes, two workers, one client) proving statelessness, then the faults of issue 21: a
 * worker killed mid-scan, Redis restarted during a burst, PostgreSQL restarted during a burst, an
 * API process restarted during a burst. After each, every accepted scan must end done or failed
 * with a reason, none lost, none charged twice. Writes RESULTS.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createDatabase } from '@riskscan/server';
import { createLargestPlanAccount, freePort, startFleetBase, startServerProcess, type ServerProcess } from './cluster.ts';

const BURST = Number(process.argv[2] ?? 24);
const SETTLE_MS = 180_000;
const fleet = await startFleetBase();
const report: string[] = [];
const log = (line: string) => {
  console.log(line);
  report.push(line);
};

const api = async (name: string) => startServerProcess(name, 'api', fleet.env, await freePort());
const worker = (name: string) => startServerProcess(name, 'worker', fleet.env);
const apis = [await api('api-1'), await api('api-2')];
await Promise.all(apis.map((process) => process.ready));
const workers = [worker('worker-1'), worker('worker-2')];
await Promise.all(workers.map((process) => process.ready));
const db = await createDatabase({ kind: 'postgres', url: fleet.postgres.url });

// One client account on the largest plan, straight in the database.
const password = 'Fleet!pass1';
const user = await createLargestPlanAccount(db, 'fleet', password);

const base = (process: ServerProcess) => `http://127.0.0.1:${process.port}`;

async function signIn(process: ServerProcess): Promise<{ token: string; refreshToken: string }> {
  const response = await fetch(`${base(process)}/api/v1/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user!.email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in on ${process.name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; refreshToken: string };
}

// --- Statelessness: a session from one API is good on the other; refresh rotates anywhere.
const session = await signIn(apis[0]!);
const details = await fetch(`${base(apis[1]!)}/api/v1/user-details/`, { headers: { authorization: `Bearer ${session.token}` } });
const refreshed = await fetch(`${base(apis[1]!)}/api/v1/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ refresh: session.refreshToken, refreshToken: session.refreshToken }),
});
log(`## Statelessness\n\n- signed in on api-1, GET /api/v1/user-details/ on api-2: ${details.status}`);
log(`- refresh token from api-1 rotated on api-2: ${refreshed.status}`);
let token = session.token;

const FIXTURES = ['https://sunny-garden-blog.com/', 'https://daily-metro-news.com/'];

/** Submits `count` scans round-robin over the APIs; the uids accepted (202) and the answers that were not. */
async function burst(count: number, targets: ServerProcess[], label: string, during?: () => Promise<void>) {
  const accepted: string[] = [];
  const refused: Record<string, number> = {};
  const usageBefore = await charged();
  const submit = async (index: number) => {
    const target = targets[index % targets.length]!;
    try {
      const response = await fetch(`${base(target)}/api/v1/scans/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ url: `${FIXTURES[index % FIXTURES.length]}?${label}-${index}`, new: true, fastCheck: true }),
      });
      if (response.status === 202) accepted.push(((await response.json()) as { uid: string }).uid);
      else refused[String(response.status)] = (refused[String(response.status)] ?? 0) + 1;
    } catch (error) {
      const key = `network: ${(error as Error).cause ? String((error as { cause: { code?: string } }).cause.code) : 'error'}`;
      refused[key] = (refused[key] ?? 0) + 1;
    }
  };
  const started = Date.now();
  const submissions: Promise<void>[] = [];
  let faultDone: Promise<void> = Promise.resolve();
  for (let index = 0; index < count; index++) {
    submissions.push(submit(index));
    if (index === Math.floor(count / 3) && during) faultDone = during();
    await sleep(60);
  }
  await Promise.all(submissions);
  await faultDone;
  const outcome = await settle(accepted);
  const usageAfter = await charged();
  return { accepted: accepted.length, refused, ...outcome, charged: usageAfter - usageBefore, seconds: (Date.now() - started) / 1000 };
}

async function charged(): Promise<number> {
  for (;;) {
    try {
      const row = await db
        .selectFrom('usage_counters')
        .select(sql<number>`coalesce(sum(scans_used), 0)::int`.as('total'))
        .where('user_id', '=', user!.id)
        .executeTakeFirstOrThrow();
      return row.total;
    } catch {
      await sleep(500);
    }
  }
}

/** Waits until every accepted scan is done or failed (or the settle time runs out). */
async function settle(uids: string[]) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const rows = await db
      .selectFrom('scans')
      .select(['uid', 'status', 'error', 'attempts'])
      .where('uid', 'in', uids.length ? uids : ['-'])
      .execute()
      .catch(() => null);
    if (rows) {
      const open = rows.filter((row) => row.status !== 'done' && row.status !== 'failed');
      if (open.length === 0 || Date.now() > deadline) {
        const failed = rows.filter((row) => row.status === 'failed');
        return {
          done: rows.filter((row) => row.status === 'done').length,
          failed: failed.length,
          failedWithoutReason: failed.filter((row) => !row.error).length,
          lost: uids.length - rows.length + open.length,
          retried: rows.filter((row) => row.attempts > 1).length,
        };
      }
    }
    await sleep(500);
  }
}

const describe = (label: string, result: Awaited<ReturnType<typeof burst>>) =>
  log(
    `| ${label} | ${result.accepted} | ${JSON.stringify(result.refused)} | ${result.done} | ${result.failed} (${result.failedWithoutReason} without reason) | ${result.lost} | ${result.charged} | ${result.retried} | ${result.seconds.toFixed(1)} |`,
  );

/** Resolves once the worker has a scan started and not finished (or after 10 s): the moment to kill it. */
async function runningScanOn(process: ServerProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const started = new Set<string>();
    for (const line of process.lines) {
      const uid = /"scanUid":"([^"]+)"/.exec(line)?.[1];
      if (!uid) continue;
      if (line.includes('scan started')) started.add(uid);
      if (line.includes('scan done')) started.delete(uid);
    }
    if (started.size > 0) return;
    await sleep(5);
  }
}

const workerOf = new Map<string, string>();
const spread = () => {
  for (const process of workers) {
    for (const line of process.lines) {
      if (!line.includes('scan started')) continue;
      const uid = /"scanUid":"([^"]+)"/.exec(line)?.[1];
      if (uid && !workerOf.has(uid)) workerOf.set(uid, process.name);
    }
  }
};

const first = await burst(BURST, apis, 'spread');
spread();
const counts: Record<string, number> = {};
for (const name of workerOf.values()) counts[name] = (counts[name] ?? 0) + 1;
log(`- ${BURST} scans submitted round-robin to api-1 and api-2: ${first.done} done; scans per worker ${JSON.stringify(counts)}`);

log('\n## Faults\n');
log('| fault | accepted | not accepted | done | failed | lost | charged | retried | seconds |');
log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
describe('none (baseline)', first);

describe(
  'worker-1 killed (SIGKILL) mid-burst, restarted',
  await burst(BURST, apis, 'kill-worker', async () => {
    await runningScanOn(workers[0]!);
    await workers[0]!.stop('SIGKILL');
    workers[0] = worker('worker-1b');
    await workers[0].ready;
  }),
);

describe(
  'Redis restarted (down 2 s) mid-burst',
  await burst(BURST, apis, 'redis', async () => {
    await fleet.redis.restart(2000);
  }),
);

describe(
  'PostgreSQL restarted (down 3 s) mid-burst',
  await burst(BURST, apis, 'postgres', async () => {
    await fleet.postgres.restart(3000);
  }),
);

describe(
  'api-1 restarted (SIGTERM) mid-burst',
  await burst(BURST, apis, 'api', async () => {
    await apis[0]!.stop('SIGTERM');
    const port = apis[0]!.port!;
    apis[0] = startServerProcess('api-1b', 'api', fleet.env, port);
    await apis[0].ready;
    token = (await signIn(apis[1]!)).token;
  }),
);

const graceful = await burst(Math.ceil(BURST / 2), apis, 'drain', async () => {
  await sleep(300);
  await workers[1]!.stop('SIGTERM');
  workers[1] = worker('worker-2b');
  await workers[1].ready;
});
describe('worker-2 stopped gracefully (SIGTERM) mid-burst', graceful);

log(
  '\n"lost": accepted (202) but neither done nor failed after the settle time; "charged": plan scans spent in that burst (must equal accepted). ' +
    '"not accepted": answers other than 202 while the fault lasted (the client retries those).',
);

writeFileSync(
  new URL('./RESULTS.md', import.meta.url),
  `# Fleet and fault run\n\nRecorded ${new Date().toISOString()} by \`npm run reliability:fleet -- ${BURST}\` on a 2-core machine shared with other jobs; ` +
    `private PostgreSQL and Redis (AOF) on free ports, 2 API processes, 2 workers (concurrency 2), browser off, fixture sites as targets.\n\n${report.join('\n')}\n`,
);
await db.destroy();
await Promise.all([...apis, ...workers].map((process) => process.stop('SIGTERM')));
await fleet.close();
