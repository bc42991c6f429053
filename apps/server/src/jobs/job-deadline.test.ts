import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessJobs } from './in-process-jobs.ts';
import { defineJob, JobTimeoutError, type Jobs } from './job-definition.ts';

const log = pino({ level: 'silent' });

let jobs: Jobs;
afterEach(async () => jobs?.close());

describe('one clock per attempt', () => {
  it('aborts the handler’s deadline at the time limit, then records the failure for good before the job ends', async () => {
    const stoppedBy: unknown[] = [];
    const recorded: { uid: string; error: unknown }[] = [];
    const slow = defineJob<{ uid: string }>(
      'outlives-its-limit',
      (_payload, _attempt, deadline) =>
        new Promise<void>((_resolve, reject) => {
          // The handler keeps no clock of its own: it stops when the attempt's deadline aborts.
          deadline.addEventListener('abort', () => {
            stoppedBy.push(deadline.reason);
            reject(deadline.reason as Error);
          });
        }),
      { attempts: 2, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 50 },
      { failedForGood: async ({ uid }, error) => void recorded.push({ uid, error }) },
    );
    jobs = createInProcessJobs(log);
    const watch = jobs.watch(slow, 'a');
    await jobs.enqueue(slow, { uid: 'a' }, { id: 'a' });
    expect(await watch.ended(10_000)).toBe(true);
    watch.stop();
    // Both attempts were stopped by their deadline; only the last one's failure was recorded, and before the end.
    expect(stoppedBy).toHaveLength(2);
    expect(stoppedBy.every((reason) => reason instanceof JobTimeoutError)).toBe(true);
    expect(recorded).toEqual([{ uid: 'a', error: stoppedBy[1] }]);
  });

  it('records nothing for a job that succeeds on a later attempt', async () => {
    const recorded: unknown[] = [];
    const flaky = defineJob<{ uid: string }>(
      'fails-once',
      async (_payload, attempt) => {
        if (attempt.number === 1) throw new Error('passing trouble');
      },
      { attempts: 2, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 1_000 },
      { failedForGood: async (_payload, error) => void recorded.push(error) },
    );
    jobs = createInProcessJobs(log);
    const watch = jobs.watch(flaky, 'b');
    await jobs.enqueue(flaky, { uid: 'b' }, { id: 'b' });
    expect(await watch.ended(10_000)).toBe(true);
    watch.stop();
    expect(recorded).toEqual([]);
  });
});
