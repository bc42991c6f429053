import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type JobHandler, type JobPolicy, type JobQueue, retryDelay } from './scan-queue.ts';

/**
 * Runs jobs (scans, monitor runs) in this process with bounded concurrency and the same retry policy as BullMQ.
 * Jobs live in memory only; the scans table is the durable record, and `enqueue`-ing the
 * unfinished scans again at start-up takes up what a restart interrupted.
 */
export function createInProcessQueue<P extends object>(handler: JobHandler<P>, policy: JobPolicy, log: FastifyBaseLogger): JobQueue<P> {
  const waiting: P[] = [];
  const running = new Set<Promise<void>>();
  let closed = false;

  async function attempt(payload: P, number: number): Promise<void> {
    try {
      await handler(payload, { number, final: number >= policy.attempts });
    } catch (error) {
      if (number >= policy.attempts || closed) {
        log.error({ err: error, job: payload, attempt: number }, 'job failed for good');
        return;
      }
      log.warn({ err: error, job: payload, attempt: number }, 'job attempt failed, retrying');
      await sleep(retryDelay(policy, number));
      return attempt(payload, number + 1);
    }
  }

  function pump(): void {
    while (!closed && running.size < policy.concurrency && waiting.length > 0) {
      const task: Promise<void> = attempt(waiting.shift()!, 1).finally(() => {
        running.delete(task);
        pump();
      });
      running.add(task);
    }
  }

  return {
    backend: 'in-process',
    async enqueue(payload) {
      if (closed) throw new Error('the job queue is closed');
      waiting.push(payload);
      pump();
    },
    async ready() {
      return !closed;
    },
    async close() {
      closed = true;
      waiting.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}
