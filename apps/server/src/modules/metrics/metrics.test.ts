import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
const scraper = { authorization: `Bearer ${METRICS_TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => t.close());

describe('probes and metrics (issue 21)', () => {
  it('answers liveness and readiness with what they checked', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ready', database: 'up', queue: 'up', closing: false, stale_sources: [] },
    ]);
  });

  it('is not ready while the scan queue’s Redis does not answer, and ready again once it does', { timeout: 60_000 }, async () => {
    const redis = await startRedis();
    const withRedis = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    try {
      expect((await withRedis.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await redis.stop();
      const down = await withRedis.app.inject({ url: '/readyz' });
      expect([down.statusCode, down.json().queue]).toEqual([503, 'down']);
      await redis.start();
      await expect.poll(async () => (await withRedis.app.inject({ url: '/readyz' })).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await withRedis.close();
      await redis.stop();
    }
  });

  it('serves Prometheus figures: queue depth and age, scan stages, verdicts, HTTP errors, process memory', async () => {
    await t.app.inject({ url: '/api/recent-scans/' });
    const response = await t.app.inject({ url: '/metrics', headers: scraper });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    for (const name of [
      'riskscan_scan_queue_depth{status="queued"} 0',
      'riskscan_scan_queue_oldest_age_seconds 0',
      '# TYPE riskscan_scan_stage_duration_seconds histogram',
      '# TYPE riskscan_scan_verdicts_total counter',
      '# TYPE riskscan_http_errors_total counter',
      'riskscan_process_resident_memory_bytes',
      'riskscan_http_responses_total{method="GET",route="/api/recent-scans/",status_class="2xx"}',
    ]) {
      expect(text).toContain(name);
    }
  });
});

describe('/metrics is closed to the public (issue 29)', () => {
  it('is not there at all without METRICS_TOKEN', { timeout: 60_000 }, async () => {
    const closed = await createTestApp();
    try {
      expect((await closed.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await closed.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('answers 401 without the bearer token, or with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Api-Key ${METRICS_TOKEN}` } })).statusCode).toBe(401);
  });

  it('reads the database figures once for a while, however often it is scraped', async () => {
    const depth = async () =>
      /riskscan_scan_queue_depth\{status="queued"\} (\d+)/.exec((await t.app.inject({ url: '/metrics', headers: scraper })).body)?.[1];
    const before = await depth();
    await t.testDb.db
      .insertInto('scans')
      .values({
        uid: randomUUID(),
        user_id: null,
        url: 'https://cached.example/',
        options: '{}',
        is_private: false,
        on_board: false,
        status: 'queued',
        error: null,
        result: null,
        overall_risk: null,
        ip: null,
        asn: null,
        finished_at: null,
      })
      .execute();
    expect(await depth()).toBe(before);
  });
});

/** A throwaway redis-server on a free port that can be stopped and started again on that port. */
async function startRedis() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  let child: ChildProcess | null = null;
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const handle = {
    port,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      while (!(await answers())) await sleep(50);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  await handle.start();
  return handle;
}
