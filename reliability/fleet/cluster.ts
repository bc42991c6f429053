/**
 * A throwaway fleet on this machine for the reliability scripts: a private PostgreSQL cluster
 * (initdb + pg_ctl in a temp dir, run as the postgres user) and a private Redis (AOF on), both on
 * free ports so the machine's shared services are never touched; API and worker processes of the
 * real server; the fixture sites as scan targets. Everything is stopped by `close()`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startFixtureWorld, type FixtureWorld } from '@riskscan/scanner/testing';
import { randomUUID } from 'node:crypto';
import type { Db } from '@riskscan/server';
import { activateUser, hashPassword, insertUser } from '@riskscan/server/testing';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pgBin = (name: string) => {
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
  if (!version) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin/${name}`;
};

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asPostgres(tool: string, args: string[]): void {
  const command = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', pgBin(tool), ...args]] : [pgBin(tool), args];
  execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe' });
}

export type PrivatePostgres = { url: string; port: number; restart(downMs: number): Promise<void>; stop(): void };

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'riskscan-pg-'));
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const port = await freePort();
  asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => asPostgres('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(downMs) {
      stop();
      await sleep(downMs);
      start();
    },
    stop() {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export type PrivateRedis = { url: string; restart(downMs: number): Promise<void>; stop(): Promise<void> };

/** Redis with its append-only file on, as BullMQ needs to keep queued jobs across a restart. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'riskscan-redis-'));
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    for (let tries = 0; tries < 50; tries++) {
      if (await answers(port)) return;
      await sleep(100);
    }
    throw new Error('private redis did not start');
  };
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs) {
      await stop();
      await sleep(downMs);
      await start();
    },
    async stop() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export type ServerProcess = {
  name: string;
  port: number | null;
  child: ChildProcess;
  /** Lines of its log so far (JSON from pino). */
  lines: string[];
  ready: Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts `src/main.ts` (an API on `port`) or `src/worker.ts`, resolving `ready` when it says so. */
export function startServerProcess(
  name: string,
  kind: 'api' | 'worker',
  env: Record<string, string>,
  port: number | null = null,
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', kind === 'api' ? 'src/main.ts' : 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const marker = kind === 'api' ? 'riskscan is running' : 'scan worker ready';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        if (line.includes(marker)) resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${lines.slice(-5).join('\n')}`)));
  });
  ready.catch(() => undefined);
  return {
    name,
    port,
    child,
    lines,
    ready,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export type Fleet = {
  world: FixtureWorld;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  env: Record<string, string>;
  close(): Promise<void>;
};

/** The shared pieces every API and worker of the fleet points at. */
export async function startFleetBase(extraEnv: Record<string, string> = {}): Promise<Fleet> {
  const world = await startFixtureWorld();
  const caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'riskscan-ca-')), 'ca.pem');
  writeFileSync(caFile, world.caPem);
  const postgres = await startPrivatePostgres();
  const redis = await startPrivateRedis();
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://localhost:8080',
    PAYMENT_PROVIDER: 'sandbox',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SCAN_QUEUE_NAME: 'scans-fleet',
    JWT_SECRET: 'fleet-secret-shared-by-every-api-process-0123456789',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'riskscan-fleet-data-')),
    SCAN_DNS_SERVERS: world.dns.server,
    SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
    SCAN_CONNECT_PORTS: `80:${world.server.httpPort},443:${world.server.httpsPort}`,
    NODE_EXTRA_CA_CERTS: caFile,
    SCAN_BROWSER: 'false',
    RATE_LIMIT_MAX: '100000000',
    SCAN_JOB_LOCK_MS: '5000',
    SCAN_RETRY_DELAY_MS: '500',
    BILLING_JOB_INTERVAL_SECONDS: '0',
    ...extraEnv,
  };
  return {
    world,
    postgres,
    redis,
    env,
    async close() {
      await redis.stop().catch(() => undefined);
      try {
        postgres.stop();
      } catch {
        // already stopped
      }
      await world.close();
    },
  };
}

/**
 * An activated account on the largest plan, written straight to the database: load runs need
 * room in the quota, not the sign-up and checkout paths.
 */
export async function createLargestPlanAccount(db: Db, name: string, password: string): Promise<{ id: number; email: string }> {
  const user = await insertUser(db, {
    uid: randomUUID(),
    email: `${name}-${Date.now()}@example.test`,
    passwordHash: await hashPassword(password),
  });
  if (!user) throw new Error(`could not create the ${name} account`);
  await activateUser(db, user.id);
  const plan = await db.selectFrom('plans').select('id').orderBy('scans_count', 'desc').executeTakeFirstOrThrow();
  await db.updateTable('memberships').set({ status: 'ended', ended_at: new Date() }).where('user_id', '=', user.id).execute();
  await db
    .insertInto('memberships')
    .values({
      user_id: user.id,
      plan_id: plan.id,
      status: 'active',
      provider: null,
      subscription_id: null,
      customer_id: null,
      period_start: new Date(Date.now() - 60_000),
      period_end: new Date(Date.now() + 30 * 86_400_000),
      scheduled_plan_id: null,
      started_at: new Date(Date.now() - 60_000),
      ended_at: null,
    })
    .execute();
  return user;
}
