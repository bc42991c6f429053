import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createResolver } from '@riskscan/scanner';
import { createTestCa } from '@riskscan/scanner/testing';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { bullmqSettings, createBullmqJobs, createInProcessJobs, startBullmqWorkers } from '../../jobs/index.ts';
import { removeQueues } from '../../jobs/testing/remove-queues.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createUser } from '../accounts/testing/account-factory.ts';
import {
  accountSecrets,
  createDeliveries,
  DELIVERY_CONCURRENCY,
  isRetryable,
  deliverWebhook,
  type NewDelivery,
  queueDeliveries,
  verifyWebhookSignature,
  webhookNetwork,
} from './index.ts';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver.ts';

// Messages are retried at once, three attempts each; no monitoring tick hands the log over behind a test's back.
const ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
  MONITOR_TICK_SECONDS: '0',
  DELIVERY_RETRY_DELAY_MS: '0',
  DELIVERY_ATTEMPTS: '3',
};

let testDb: TestDatabase;
let dataDir: string;
let app: FastifyInstance;
let receiver: WebhookReceiver;
let account: { id: number; uid: string };
let secret: string;

const configWith = (env: Record<string, string> = {}) => loadConfig({ ...ENV, DATA_DIR: dataDir, ...env });
/** An API process on the shared test database: closing it leaves the database to the next one. */
const startApp = (env: Record<string, string> = {}) => {
  const config = configWith(env);
  return buildApp({ ...config, database: testDb.database }, { db: testDb.db });
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'riskscan-deliveries-'));
  receiver = await startWebhookReceiver();
  app = await startApp();
  account = await createUser(app);
  secret = await accountSecrets(configWith())(account.uid);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await testDb?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A scan's callback as the scans module queues it: one message, signed with the account's key. */
function scanCallback(scanUid = `scan-${randomUUID()}`): NewDelivery {
  const deliveryId = randomUUID();
  return {
    kind: 'scan_callback',
    channel: 'webhook',
    target: receiver.url,
    payload: { uid: scanUid, status: 'done', data: null },
    accountId: account.id,
    sourceId: scanUid,
    batch: deliveryId,
    deliveryId,
  };
}

const rowOf = (id: number) => app.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Waits until the message's job has finished with it (its row is no longer pending). */
const finished = async (id: number) => {
  await expect.poll(async () => (await rowOf(id)).status, { timeout: 15_000 }).not.toBe('pending');
  return rowOf(id);
};

describe('the delivery log', () => {
  it('retries a callback the receiver failed with the same webhook-id, signed for the account every time', async () => {
    receiver.answerWith(204);
    receiver.answerOnce(503);
    const sent = receiver.received.length;
    const message = scanCallback();
    const [id] = await queueDeliveries(app.db, [message]);
    await app.deliveries.deliverNow(id!);
    expect(await finished(id!)).toMatchObject({ status: 'delivered', attempts: 2, response_status: 204, last_error: null });
    expect((await rowOf(id!)).delivered_at).toBeInstanceOf(Date);
    const [failed, retried] = receiver.received.slice(sent);
    expect(receiver.received.length - sent).toBe(2);
    expect(failed!.headers['webhook-id']).toBe(message.deliveryId);
    expect(retried!.headers['webhook-id']).toBe(message.deliveryId);
    for (const request of [failed!, retried!]) {
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual(message.payload);
      expect(verifyWebhookSignature(secret, String(request.headers['x-riskscan-signature']), request.body)).toBe(true);
    }
  });

  it('fails a message once its attempts are spent, keeping the last error, and hands it over no more', async () => {
    receiver.answerWith(500);
    const sent = receiver.received.length;
    const [id] = await queueDeliveries(app.db, [scanCallback()]);
    await app.deliveries.deliverNow(id!);
    expect(await finished(id!)).toMatchObject({
      status: 'failed',
      attempts: 3,
      response_status: 500,
      last_error: 'The endpoint answered HTTP 500.',
      delivered_at: null,
    });
    expect(await app.deliveries.deliverDue()).toBe(0);
    expect(receiver.received.length - sent).toBe(3);
    receiver.answerWith(204);
  });

  it('stops at once when the receiver says so: 410 Gone, another 4xx or a redirect; retries 408, 429 and 5xx', async () => {
    for (const status of [410, 400, 301]) {
      receiver.answerWith(status);
      const [id] = await queueDeliveries(app.db, [scanCallback()]);
      await app.deliveries.deliverNow(id!);
      expect(await finished(id!)).toMatchObject({ status: 'failed', attempts: 1, response_status: status });
    }
    expect([408, 425, 429, 500, 503, null].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 410, 301, 302].some(isRetryable)).toBe(false);
    receiver.answerWith(204);
  });

  it('sends each message once when two processes hand the log to their jobs at the same time', async () => {
    receiver.answerWith(204);
    const sent = receiver.received.length;
    const config = configWith();
    // Two senders over one database, each with its own job runner, as two processes would be: the claims keep them apart.
    const runners = [createInProcessJobs(app.log), createInProcessJobs(app.log)];
    const [one, two] = runners.map((jobs) =>
      createDeliveries({
        db: testDb.db,
        jobs,
        network: webhookNetwork(config),
        mailer: app.mailer,
        log: app.log,
        policy: config.deliveries,
        senders: { scan_callback: { secret: async () => secret } },
      }),
    );
    try {
      const messages = Array.from({ length: 6 }, () => scanCallback());
      const ids = await queueDeliveries(app.db, messages);
      expect(await Promise.all([one!.deliverDue(), two!.deliverDue()])).toEqual([6, 6]);
      for (const id of ids) expect(await finished(id)).toMatchObject({ status: 'delivered', attempts: 1 });
      await Promise.all(runners.map((jobs) => jobs.close()));
      const received = receiver.received.slice(sent);
      expect(received.map((request) => request.headers['webhook-id']).sort()).toEqual(messages.map((message) => message.deliveryId).sort());
    } finally {
      await Promise.all(runners.map((jobs) => jobs.close()));
    }
  });

  it("sends other destinations' messages while a receiver trickles its answer, and cuts the trickler off at the attempt's deadline", async () => {
    receiver.answerWith(204);
    // Headers at once, then one byte every 300 ms, never ending: an idle timeout would never fire.
    const trickler = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 300);
      response.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    const jobs = createInProcessJobs(app.log);
    try {
      const config = configWith();
      const deliveries = createDeliveries({
        db: testDb.db,
        jobs,
        network: { ...webhookNetwork(config), timeoutMs: 5000 },
        mailer: app.mailer,
        log: app.log,
        policy: { attempts: 1, retryDelayMs: 0 },
        senders: { scan_callback: { secret: async () => secret } },
      });
      const slow = { ...scanCallback(), target: `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/hook` };
      const fast = scanCallback();
      const [slowId, fastId] = await queueDeliveries(app.db, [slow, fast]);
      const sent = receiver.received.length;
      // The trickler's message goes first: sending one at a time would wait on it.
      await deliveries.deliverNow(slowId!);
      await deliveries.deliverNow(fastId!);
      expect(await finished(fastId!)).toMatchObject({ status: 'delivered' });
      expect(receiver.received[sent]!.headers['webhook-id']).toBe(fast.deliveryId);
      // The fast receiver had its message while the trickler's attempt was still going on.
      expect(await rowOf(slowId!)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await finished(slowId!)).toMatchObject({ status: 'failed', last_error: 'No complete answer within 5000 ms.' });
      expect(receiver.received.length - sent).toBe(1);
    } finally {
      await jobs.close();
      await new Promise((resolve) => trickler.close(resolve));
    }
  });

  it("holds one runner slot for a trickling receiver's whole backlog: another destination's message goes out before the trickler's first attempt ends (issue 40)", async () => {
    receiver.answerWith(204);
    // Headers never finished: each attempt to it lasts until its deadline.
    let open = 0;
    let mostOpen = 0;
    const trickler = http.createServer(() => undefined);
    trickler.on('connection', (socket) => {
      mostOpen = Math.max(mostOpen, ++open);
      socket.once('close', () => open--);
    });
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    const jobs = createInProcessJobs(app.log);
    const target = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/hook`;
    const backlog = await queueDeliveries(
      app.db,
      Array.from({ length: DELIVERY_CONCURRENCY + 2 }, () => ({ ...scanCallback(), target })),
    );
    try {
      const deliveries = createDeliveries({
        db: testDb.db,
        jobs,
        network: { ...webhookNetwork(configWith()), timeoutMs: 5000 },
        mailer: app.mailer,
        log: app.log,
        policy: { attempts: 1, retryDelayMs: 0 },
        senders: { scan_callback: { secret: async () => secret } },
      });
      for (const id of backlog) await deliveries.deliverNow(id);
      const fast = scanCallback();
      const [fastId] = await queueDeliveries(app.db, [fast]);
      await deliveries.deliverNow(fastId!);
      expect(await finished(fastId!)).toMatchObject({ status: 'delivered' });
      // Waiting for their destination held no slot: the first attempt to the trickler is still on.
      const rows = await Promise.all(backlog.map(rowOf));
      expect(rows.map((row) => row.status)).toEqual(backlog.map(() => 'pending'));
      expect(rows.filter((row) => row.attempts > 0)).toHaveLength(1);
      expect(mostOpen).toBe(1);
    } finally {
      await jobs.close();
      await new Promise((resolve) => trickler.close(resolve));
      // The backlog's deferred messages were dropped with the runner: none is left for later tests' sweeps.
      await app.db.updateTable('deliveries').set({ status: 'failed' }).where('id', 'in', backlog).execute();
    }
  });

  it('keeps a message across a restart: the next process hands it to its job again', { timeout: 30_000 }, async () => {
    receiver.answerWith(503);
    const sent = receiver.received.length;
    // The first process waits a minute before its retry, and stops before it comes.
    const before = await startApp({ DELIVERY_RETRY_DELAY_MS: '60000' });
    const message = scanCallback();
    const [id] = await queueDeliveries(before.db, [message]);
    await before.deliveries.deliverNow(id!);
    await expect.poll(async () => (await rowOf(id!)).response_status, { timeout: 10_000 }).toBe(503);
    await before.close();
    expect(await rowOf(id!)).toMatchObject({ status: 'pending', attempts: 1 });

    receiver.answerWith(204);
    const after = await startApp();
    try {
      await after.ready();
      expect(await finished(id!)).toMatchObject({ status: 'delivered', attempts: 2 });
      const requests = receiver.received.slice(sent);
      expect(requests.map((request) => request.headers['webhook-id'])).toEqual([message.deliveryId, message.deliveryId]);
    } finally {
      await after.close();
    }
  });

  it('retries on BullMQ as in-process: the same webhook-id, the back-off and attempts of the job', { timeout: 30_000 }, async () => {
    receiver.answerWith(204);
    receiver.answerOnce(503);
    const sent = receiver.received.length;
    const config = configWith({
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      SCAN_QUEUE_NAME: `deliveries-${randomUUID()}`,
    });
    const settings = bullmqSettings(config.scanService, config.scanService.redisUrl!);
    const jobs = createBullmqJobs(settings);
    const deliveries = createDeliveries({
      db: testDb.db,
      jobs,
      network: webhookNetwork(config),
      mailer: app.mailer,
      log: app.log,
      policy: config.deliveries,
      senders: { scan_callback: { secret: async () => secret } },
    });
    const workers = startBullmqWorkers(settings, [deliveries.job]);
    try {
      const message = scanCallback();
      const [id] = await queueDeliveries(app.db, [message]);
      // Handed over twice (a start and a tick): one job.
      await deliveries.deliverNow(id!);
      expect(await deliveries.deliverDue()).toBe(1);
      expect(await finished(id!)).toMatchObject({ status: 'delivered', attempts: 2, response_status: 204 });
      const requests = receiver.received.slice(sent);
      expect(requests.map((request) => request.headers['webhook-id'])).toEqual([message.deliveryId, message.deliveryId]);
    } finally {
      await workers.close();
      await jobs.close();
      await removeQueues(settings.redisUrl, settings.prefix);
    }
  });

  it('queues a message once per kind, batch and channel', async () => {
    const message = scanCallback();
    expect(await queueDeliveries(app.db, [message])).toHaveLength(1);
    expect(await queueDeliveries(app.db, [message])).toEqual([]);
  });
});

describe('a webhook', () => {
  it('gives its payload only to a server whose certificate is valid', async () => {
    const certificate = createTestCa().issue({
      hostnames: ['127.0.0.1'],
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
    });
    let hits = 0;
    const server = createServer(certificate, (_request, response) => {
      hits++;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const network = { resolver: createResolver(), allowPrivateNetworks: true };
      expect(await deliverWebhook(url, { secret: 'report' }, 'k', network, randomUUID())).toMatchObject({ ok: false, status: null });
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
