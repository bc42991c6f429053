import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type JobPolicy, retryDelay, type ScanJobHandler, type ScanJobPayload, type ScanQueue } from './scan-queue.ts';

/**
 * Runs scans in this process with bounded concurrency and the same retry policy as BullMQ.
 * Jobs live in memory only; the scans table is the durable record, and `enqueue`-ing the
 * unfinished scans again at start-up takes up what a restart interrupted.
 */
export function createInProcessQueue(handler: ScanJobHandler, policy: JobPolicy, log: FastifyBaseLogger): ScanQueue {
  const waiting: ScanJobPayload[] = [];
  const running = new Set<Promise<void>>();
  let closed = false;

  async function attempt(payload: ScanJobPayload, number: number): Promise<void> {
    try {
      await handler(payload, { number, final: number >= policy.attempts });
    } catch (error) {
      if (number >= policy.attempts || closed) {
        log.error({ err: error, scanUid: payload.scanUid, attempt: number }, 'scan failed for good');
        return;
      }
      log.warn({ err: error, scanUid: payload.scanUid, attempt: number }, 'scan attempt failed, retrying');
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
      if (closed) throw new Error('the scan queue is closed');
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
