import { DelayedError, type JobsOptions, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { ScanServiceConfig } from '../config.ts';
import { DEFAULT_JOB_PRIORITY, JobDeferredError, type JobDefinition, type Jobs, runAttempt, watchEnding } from './job-definition.ts';

/** `prefix` is `SCAN_QUEUE_NAME`: every job's queue is named after it unless its definition names one. */
export type BullmqSettings = { redisUrl: string; prefix: string; lockMs: number };

type Definition = Pick<JobDefinition, 'name' | 'options'>;

/** BullMQ wants blocking commands never to give up, so its connections retry forever. */
const connect = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: null });

/** Each job has its own queue, so each has its own concurrency on every worker. */
export const queueNameOf = (settings: Pick<BullmqSettings, 'prefix'>, job: Definition) =>
  job.options.queueName ?? `${settings.prefix}-${job.name}`;

function jobOptions(job: Definition): JobsOptions {
  return {
    attempts: job.options.attempts,
    backoff: { type: job.options.backoff.type, delay: job.options.backoff.delayMs },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  };
}

/** Events of the last minute are read again when a queue's events are first listened to: an ending is never missed (record 171). */
const EVENTS_LOOKBACK_MS = 60_000;

type QueueListener = { events: QueueEvents; connection: Redis; waiters: Map<string, Set<() => void>> };

/**
 * The producer side, used by API processes (and by workers that queue follow-up jobs): jobs go
 * to Redis and `npm run worker` processes take them. Endings are heard through BullMQ's queue
 * events, which every process can read.
 */
export function createBullmqJobs(settings: BullmqSettings): Jobs {
  const connection = connect(settings.redisUrl);
  const queues = new Map<string, Queue>();
  const listeners = new Map<string, QueueListener>();

  function queueOf(job: Definition): Queue {
    const name = queueNameOf(settings, job);
    return queues.get(name) ?? queues.set(name, new Queue(name, { connection })).get(name)!;
  }

  function listenerOf(job: Definition): QueueListener {
    const name = queueNameOf(settings, job);
    const known = listeners.get(name);
    if (known) return known;
    const own = connect(settings.redisUrl);
    const events = new QueueEvents(name, { connection: own, lastEventId: `${Date.now() - EVENTS_LOOKBACK_MS}-0` });
    const listener: QueueListener = { events, connection: own, waiters: new Map() };
    const wake = ({ jobId }: { jobId: string }) => {
      for (const waiter of listener.waiters.get(jobId) ?? []) waiter();
    };
    events.on('completed', wake);
    events.on('failed', wake);
    listeners.set(name, listener);
    return listener;
  }

  return {
    backend: 'bullmq',
    async enqueue(job, payload, options) {
      // A job id BullMQ still keeps (waiting, running, or among the last finished) is not added again.
      // Every job gets a priority: BullMQ starts jobs without one before all prioritised jobs.
      await queueOf(job).add(job.name, payload, {
        ...jobOptions(job),
        priority: options?.priority ?? DEFAULT_JOB_PRIORITY,
        ...(options?.id ? { jobId: options.id } : {}),
      });
    },
    async every(job, everyMs, payload) {
      // A scheduler per job name: BullMQ hands each beat to one worker however many there are.
      await queueOf(job).upsertJobScheduler(job.name, { every: everyMs }, { name: job.name, data: payload, opts: jobOptions(job) });
    },
    watch(job, id) {
      const { waiters } = listenerOf(job);
      return watchEnding((wake) => {
        const ofJob = waiters.get(id) ?? waiters.set(id, new Set()).get(id)!;
        ofJob.add(wake);
        return () => {
          ofJob.delete(wake);
          if (ofJob.size === 0) waiters.delete(id);
        };
      });
    },
    async ready() {
      // A probe must answer fast: a Redis that does not reply within a second counts as down.
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref());
      return Promise.race([
        connection.ping().then(
          (reply) => reply === 'PONG',
          () => false,
        ),
        timeout,
      ]);
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      for (const listener of listeners.values()) {
        await listener.events.close();
        listener.connection.disconnect();
      }
      connection.disconnect();
    },
  };
}

/**
 * The consumer side, in `npm run worker`: one BullMQ worker per defined job. A worker holds a lock
 * on each job it runs and renews it while alive; when a worker dies its lock lapses after
 * `lockMs`, another worker finds the job stalled and runs it again, so no job is lost.
 */
export function startBullmqWorkers(
  settings: BullmqSettings,
  definitions: readonly JobDefinition<never>[],
): { running(): boolean; waitUntilReady(): Promise<void>; close(options?: { force: boolean }): Promise<void> } {
  const names = definitions.map((job) => queueNameOf(settings, job));
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`two jobs are defined on the queue ${twice}`);
  const workers = definitions.map((job) => {
    const connection = connect(settings.redisUrl);
    const worker = new Worker(
      queueNameOf(settings, job),
      async (received, token) => {
        if (received.name !== job.name) throw new UnrecoverableError(`this worker cannot handle job ${received.name}`);
        const attempts = received.opts.attempts ?? 1;
        const number = received.attemptsMade + 1;
        try {
          await runAttempt(job as JobDefinition<object>, received.data, { number, final: number >= attempts });
        } catch (error) {
          if (!(error instanceof JobDeferredError)) throw error;
          // Back to the delayed set with its priority and attempts as they were; the slot is free now.
          await received.moveToDelayed(Date.now() + error.delayMs, token);
          throw new DelayedError();
        }
      },
      {
        connection,
        concurrency: job.options.concurrency ?? 1,
        lockDuration: settings.lockMs,
        stalledInterval: settings.lockMs,
        maxStalledCount: job.options.attempts,
      },
    );
    return { worker, connection };
  });
  return {
    running: () => workers.every(({ worker }) => worker.isRunning()),
    async waitUntilReady() {
      await Promise.all(workers.map(({ worker }) => worker.waitUntilReady()));
    },
    // `force` does not wait for running jobs: their locks lapse and another process runs them again.
    async close(options = { force: false }) {
      await Promise.all(workers.map(({ worker }) => worker.close(options.force)));
      for (const { connection } of workers) connection.disconnect();
    },
  };
}

/**
 * The shared backend for jobs only an API process can run (the billing cycle, the account-data
 * purge: their modules live in the API process alone). They are queued on `jobs` like any job,
 * and each one this process queues or beats is also taken by a worker of this process, so with
 * several API processes BullMQ hands each beat to one of them. `close` stops only these workers.
 */
export function takenHere(jobs: Jobs, settings: BullmqSettings): Jobs {
  const workers = new Map<string, ReturnType<typeof startBullmqWorkers>>();
  const take = (job: JobDefinition<never>) => {
    if (!workers.has(job.name)) workers.set(job.name, startBullmqWorkers(settings, [job]));
  };
  return {
    backend: jobs.backend,
    async enqueue(job, payload, options) {
      take(job as JobDefinition<never>);
      await jobs.enqueue(job, payload, options);
    },
    async every(job, everyMs, payload) {
      take(job as JobDefinition<never>);
      await jobs.every(job, everyMs, payload);
    },
    watch: (job, id) => jobs.watch(job, id),
    ready: () => jobs.ready(),
    // An API process shutting down does not wait for a beat it took (a beat can outlive a Redis
    // that went away and came back): the job's lock lapses and another API process runs it.
    async close() {
      await Promise.all([...workers.values()].map((worker) => worker.close({ force: true })));
    },
  };
}

/** The BullMQ settings from the configuration: `SCAN_QUEUE_NAME` names every queue, `SCAN_JOB_LOCK_MS` every lock. */
export const bullmqSettings = (config: Pick<ScanServiceConfig, 'queueName' | 'jobLockMs'>, redisUrl: string): BullmqSettings => ({
  redisUrl,
  prefix: config.queueName,
  lockMs: config.jobLockMs,
});
