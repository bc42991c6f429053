import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type JobPolicy, SCAN_JOB, type ScanJobHandler, type ScanJobPayload, type ScanQueue } from './scan-queue.ts';

export type BullmqSettings = { redisUrl: string; queueName: string; policy: JobPolicy; lockMs: number };

/** BullMQ wants blocking commands never to give up, so its connections retry forever. */
const connect = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: null });

/** The producer side, used by API processes: jobs go to Redis and `npm run worker` processes take them. */
export function createBullmqQueue(settings: BullmqSettings): ScanQueue {
  const connection = connect(settings.redisUrl);
  const queue = new Queue<ScanJobPayload>(settings.queueName, {
    connection,
    defaultJobOptions: {
      attempts: settings.policy.attempts,
      backoff: { type: 'exponential', delay: settings.policy.retryDelayMs },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    },
  });
  return {
    backend: 'bullmq',
    async enqueue(payload) {
      // The scan uid as job id: a request enqueued twice is scanned once.
      await queue.add(SCAN_JOB, payload, { jobId: payload.scanUid });
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
      await queue.close();
      connection.disconnect();
    },
  };
}

/**
 * The consumer side. A worker holds a lock on each scan it runs and renews it while alive; when
 * a worker dies its lock lapses after `lockMs`, another worker finds the job stalled and runs it
 * again, so a scan is never lost.
 */
export function startBullmqWorker(settings: BullmqSettings, handler: ScanJobHandler): { worker: Worker; close(): Promise<void> } {
  const connection = connect(settings.redisUrl);
  const worker = new Worker<ScanJobPayload>(
    settings.queueName,
    async (job) => {
      if (job.name !== SCAN_JOB) throw new UnrecoverableError(`this worker cannot handle job ${job.name}`);
      const attempts = job.opts.attempts ?? 1;
      await handler(job.data, { number: job.attemptsMade + 1, final: job.attemptsMade + 1 >= attempts });
    },
    {
      connection,
      concurrency: settings.policy.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: settings.lockMs,
      maxStalledCount: settings.policy.attempts,
    },
  );
  return {
    worker,
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
