import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobQueue } from '../../jobs/scan-queue.ts';
import { runMonitor } from './monitor-run.ts';
import { MONITOR_RUN_JOB, type MonitorRunJob, type MonitorsService } from './monitors.service.ts';
import { monitoringTick } from './scheduler.ts';

/** The repeatable job that beats the scheduler when monitoring runs on BullMQ. */
export const MONITORING_TICK_JOB = 'monitoring-tick';
const TICK_SCHEDULER_ID = 'monitoring-tick';
/** A monitor run resolves thousands of names and waits for scans: its worker renews its lock meanwhile. */
const RUN_LOCK_MS = 60_000;

export const monitoringQueueName = (scanQueueName: string) => `${scanQueueName}-monitoring`;

const connect = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: null });

/**
 * The producer side with `REDIS_URL`: monitor runs go to BullMQ (the run uid as job id, so a run
 * queued twice is one job) and the scheduler beats as a repeatable job, which BullMQ hands to one
 * worker each time however many there are.
 */
export function createMonitoringBullmq(
  redisUrl: string,
  queueName: string,
): JobQueue<MonitorRunJob> & { scheduleTick(everyMs: number): Promise<void> } {
  const connection = connect(redisUrl);
  const queue = new Queue(queueName, {
    connection,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    },
  });
  return {
    backend: 'bullmq',
    async enqueue(payload) {
      await queue.add(MONITOR_RUN_JOB, payload, { jobId: payload.runUid });
    },
    async ready() {
      try {
        return (await connection.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async scheduleTick(everyMs) {
      await queue.upsertJobScheduler(TICK_SCHEDULER_ID, { every: everyMs }, { name: MONITORING_TICK_JOB, opts: { attempts: 1 } });
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

/** The consumer side, in `npm run worker`: monitor runs and scheduler beats. */
export function startMonitoringWorker(
  redisUrl: string,
  queueName: string,
  service: MonitorsService,
): { worker: Worker; close(): Promise<void> } {
  const connection = connect(redisUrl);
  const worker = new Worker(
    queueName,
    async (job) => {
      if (job.name === MONITOR_RUN_JOB) return runMonitor(service, (job.data as MonitorRunJob).runUid);
      if (job.name === MONITORING_TICK_JOB) return monitoringTick(service);
      throw new UnrecoverableError(`this worker cannot handle job ${job.name}`);
    },
    { connection, concurrency: 2, lockDuration: RUN_LOCK_MS, stalledInterval: RUN_LOCK_MS },
  );
  return {
    worker,
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
