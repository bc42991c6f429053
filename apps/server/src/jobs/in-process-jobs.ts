import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_JOB_PRIORITY,
  JobDeferredError,
  type JobDefinition,
  type Jobs,
  retryDelay,
  runAttempt,
  watchEnding,
} from './job-definition.ts';

/** `attempt` is the next attempt's number: a deferred job keeps it. */
type Entry = { job: JobDefinition<object>; payload: object; key: string | null; priority: number; attempt: number };
type Lane = { waiting: Entry[]; running: number; concurrency: number };

/**
 * Runs any defined job in this process with the job's own concurrency, attempts, back-off and
 * time limit, as BullMQ does across processes. Jobs live in memory only: the database is the
 * durable record, and what a restart interrupted is queued again at start-up (unfinished scans,
 * resumable monitor runs).
 */
export function createInProcessJobs(log: FastifyBaseLogger): Jobs {
  const lanes = new Map<string, Lane>();
  /** Ids of jobs waiting or running: enqueueing one of them again adds nothing. */
  const active = new Set<string>();
  const tasks = new Set<Promise<void>>();
  const endings = new EventEmitter().setMaxListeners(0);
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  const laneOf = (job: JobDefinition<object>) =>
    lanes.get(job.name) ?? lanes.set(job.name, { waiting: [], running: 0, concurrency: job.options.concurrency ?? 1 }).get(job.name)!;

  /** Runs the entry's attempts; answers how long to wait when the job deferred itself, else null. */
  async function attempts(entry: Entry): Promise<number | null> {
    const { job, payload } = entry;
    for (let number = entry.attempt; ; number++) {
      const final = number >= job.options.attempts;
      try {
        await runAttempt(job, payload, { number, final });
        return null;
      } catch (error) {
        if (error instanceof JobDeferredError && !closing.signal.aborted) {
          entry.attempt = number;
          return error.delayMs;
        }
        if (final || closing.signal.aborted) {
          log.error({ err: error, job: job.name, payload, attempt: number }, 'job failed for good');
          return null;
        }
        log.warn({ err: error, job: job.name, payload, attempt: number }, 'job attempt failed, retrying');
      }
      try {
        await sleep(retryDelay(job.options.backoff, number), undefined, { signal: closing.signal });
      } catch {
        return null;
      }
    }
  }

  function pump(lane: Lane): void {
    while (!closing.signal.aborted && lane.running < lane.concurrency && lane.waiting.length > 0) {
      const entry = lane.waiting.shift()!;
      lane.running++;
      const task: Promise<void> = attempts(entry).then((deferMs) => {
        tasks.delete(task);
        lane.running--;
        if (deferMs !== null) {
          // Waits outside the lane (its slot goes to the next entry), then queues again in its place.
          const timer = setTimeout(() => {
            timers.delete(timer);
            queue(lane, entry);
          }, deferMs);
          timers.add(timer);
        } else if (entry.key) {
          active.delete(entry.key);
          if (!closing.signal.aborted) endings.emit(entry.key);
        }
        pump(lane);
      });
      tasks.add(task);
    }
  }

  /** After every waiting job of the same or a higher priority (a smaller number), before the rest. */
  function queue(lane: Lane, entry: Entry): void {
    const after = lane.waiting.findIndex((waiting) => waiting.priority > entry.priority);
    if (after === -1) lane.waiting.push(entry);
    else lane.waiting.splice(after, 0, entry);
    pump(lane);
  }

  const jobs: Jobs = {
    backend: 'in-process',
    async enqueue(job, payload, options) {
      if (closing.signal.aborted) throw new Error('the job queue is closed');
      const key = options?.id ? `${job.name}/${options.id}` : null;
      if (key) {
        if (active.has(key)) return;
        active.add(key);
      }
      const lane = laneOf(job as JobDefinition<object>);
      queue(lane, { job: job as JobDefinition<object>, payload, key, priority: options?.priority ?? DEFAULT_JOB_PRIORITY, attempt: 1 });
    },
    async every(job, everyMs, payload) {
      // The job's name as its id: a beat still running when the next is due is not doubled.
      const beat = () =>
        void jobs
          .enqueue(job, payload, { id: job.name })
          .catch((error: unknown) => log.error({ err: error, job: job.name }, 'beat failed'));
      const timer = setInterval(beat, everyMs).unref();
      timers.add(timer);
    },
    watch(job, id) {
      const key = `${job.name}/${id}`;
      return watchEnding((wake) => {
        endings.once(key, wake);
        return () => endings.off(key, wake);
      });
    },
    async ready() {
      return !closing.signal.aborted;
    },
    async close() {
      closing.abort();
      // Beats and deferred jobs alike: a deferred job is dropped, as waiting ones are.
      for (const timer of timers) clearInterval(timer);
      for (const lane of lanes.values()) lane.waiting.length = 0;
      await Promise.allSettled([...tasks]);
    },
  };
  return jobs;
}
