import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullmqJobs, queueNameOf, startBullmqWorkers, takenHere } from './bullmq-jobs.ts';
import { defineJob, type JobAttempt, JobDeferredError } from './job-definition.ts';
import { removeQueues } from './testing/remove-queues.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const settings = { redisUrl: REDIS_URL, prefix: `jobs-test-${process.pid}-${Date.now()}`, lockMs: 5_000 };

const attempts: JobAttempt[] = [];
/** Hangs on its first attempt (the time limit fails it), fails its second, succeeds on the last. */
const stubborn = defineJob<{ uid: string }>(
  'stubborn',
  async (_payload, attempt) => {
    attempts.push(attempt);
    if (attempt.number === 1) await new Promise((resolve) => setTimeout(resolve, 5_000));
    if (attempt.number === 2) throw new Error('still down');
  },
  { attempts: 3, backoff: { type: 'fixed', delayMs: 50 }, timeoutMs: 300 },
);

let passes = 0;
/** A pass only API processes can run, beaten by each of them. */
const pass = defineJob<Record<string, never>>(
  'api-pass',
  async () => {
    passes++;
  },
  { attempts: 1, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 5_000 },
);

const jobs = createBullmqJobs(settings);
const workers = startBullmqWorkers(settings, [stubborn]);

afterAll(async () => {
  await workers.close();
  await jobs.close();
  await removeQueues(REDIS_URL, settings.prefix);
});

describe('BullMQ jobs', () => {
  it('fails an attempt past its time limit, backs off, tells the last attempt it is final, and wakes a watcher at the end', async () => {
    await workers.waitUntilReady();
    const watch = jobs.watch(stubborn, 'only-once');
    await jobs.enqueue(stubborn, { uid: 'a' }, { id: 'only-once' });
    // The same id again is the same job.
    await jobs.enqueue(stubborn, { uid: 'a' }, { id: 'only-once' });
    expect(await watch.ended(20_000)).toBe(true);
    watch.stop();
    expect(attempts).toEqual([
      { number: 1, final: false },
      { number: 2, final: false },
      { number: 3, final: true },
    ]);
    const queue = new Queue(queueNameOf(settings, stubborn), { connection: { url: REDIS_URL } });
    expect(await queue.getJobCounts('completed', 'failed')).toEqual({ completed: 1, failed: 0 });
    await queue.close();
  }, 30_000);

  it('frees the slot of a job that defers itself for the next one, and runs it later as the same attempt (issue 40)', async () => {
    const events: string[] = [];
    const held: JobAttempt[] = [];
    let busy = true;
    const deferring = defineJob<{ uid: string }>(
      'deferring',
      async ({ uid }, attempt) => {
        if (uid === 'held' && busy) {
          events.push('held deferred');
          throw new JobDeferredError(50, 'its destination is busy');
        }
        if (uid === 'held') held.push(attempt);
        events.push(`${uid} ran`);
        if (uid === 'next') busy = false;
      },
      { attempts: 1, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 5_000, concurrency: 1 },
    );
    const deferringWorkers = startBullmqWorkers(settings, [deferring]);
    try {
      await deferringWorkers.waitUntilReady();
      const watch = jobs.watch(deferring, 'held');
      await jobs.enqueue(deferring, { uid: 'held' }, { id: 'held' });
      while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await jobs.enqueue(deferring, { uid: 'next' });
      expect(await watch.ended(10_000)).toBe(true);
      watch.stop();
      // One runner: the next job ran while the deferred one waited; the deferral spent no attempt.
      expect(events.filter((event) => event !== 'held deferred')).toEqual(['next ran', 'held ran']);
      expect(held).toEqual([{ number: 1, final: true }]);
      const queue = new Queue(queueNameOf(settings, deferring), { connection: { url: REDIS_URL } });
      expect(await queue.getJobCounts('completed', 'failed')).toEqual({ completed: 2, failed: 0 });
      await queue.close();
    } finally {
      await deferringWorkers.close();
    }
  }, 30_000);

  it('starts waiting jobs by priority, unprioritised ones last, as the in-process backend does (issue 40)', async () => {
    const started: string[] = [];
    const ordered = defineJob<{ uid: string }>(
      'ordered',
      async ({ uid }) => {
        started.push(uid);
      },
      { attempts: 1, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 5_000 },
    );
    // Everything waits before a worker takes the queue, so the order is the queue's alone.
    for (const [uid, priority] of [
      ['guest', 3],
      ['unprioritised', undefined],
      ['paying', 1],
      ['member', 2],
    ] as const)
      await jobs.enqueue(ordered, { uid }, priority === undefined ? {} : { priority });
    const orderedWorkers = startBullmqWorkers(settings, [ordered]);
    try {
      while (started.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(started).toEqual(['paying', 'member', 'guest', 'unprioritised']);
    } finally {
      await orderedWorkers.close();
      const queue = new Queue(queueNameOf(settings, ordered), { connection: { url: REDIS_URL } });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 30_000);

  it('refuses to run two jobs on one queue', () => {
    const twin = defineJob('stubborn', async () => undefined, stubborn.options);
    expect(() => startBullmqWorkers(settings, [stubborn, twin])).toThrow(/two jobs are defined on the queue/);
  });

  it('runs a beat that two API processes both schedule once, on whichever takes it', async () => {
    // Two API processes, each beating the pass hourly on the shared backend and taking it itself.
    const shared = [createBullmqJobs(settings), createBullmqJobs(settings)];
    const apis = shared.map((backend) => takenHere(backend, settings));
    try {
      await Promise.all(apis.map((api) => api.every(pass, 3_600_000, {})));
      const queue = new Queue(queueNameOf(settings, pass), { connection: { url: REDIS_URL } });
      // The first beat is due at once; the next is an hour away.
      await expect
        .poll(() => queue.getJobCounts('completed', 'active', 'waiting'), { timeout: 15_000 })
        .toEqual({
          completed: 1,
          active: 0,
          waiting: 0,
        });
      await queue.close();
      expect(passes).toBe(1);
    } finally {
      await Promise.all(apis.map((api) => api.close()));
      await Promise.all(shared.map((backend) => backend.close()));
    }
  }, 30_000);
});
