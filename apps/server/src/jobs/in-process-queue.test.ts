import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createInProcessQueue } from './in-process-queue.ts';
import type { JobAttempt, ScanJobPayload } from './scan-queue.ts';

const log = pino({ level: 'silent' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('in-process scan queue', () => {
  it('retries a failing job with exponential back-off and tells the handler which attempt is final', async () => {
    const seen: { attempt: JobAttempt; at: number }[] = [];
    const finished = deferred();
    const queue = createInProcessQueue(
      async (_payload, attempt) => {
        seen.push({ attempt, at: Date.now() });
        if (attempt.number < 3) throw new Error('flaky target');
        finished.resolve();
      },
      { attempts: 3, retryDelayMs: 40, concurrency: 1 },
      log,
    );
    await queue.enqueue({ scanUid: 'a' });
    await finished.promise;
    await queue.close();
    expect(seen.map((entry) => entry.attempt)).toEqual([
      { number: 1, final: false },
      { number: 2, final: false },
      { number: 3, final: true },
    ]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(35);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(75);
  });

  it('gives up after the last attempt', async () => {
    let calls = 0;
    const queue = createInProcessQueue(
      async () => {
        calls++;
        throw new Error('always down');
      },
      { attempts: 2, retryDelayMs: 1, concurrency: 1 },
      log,
    );
    await queue.enqueue({ scanUid: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue.close();
    expect(calls).toBe(2);
  });

  it('runs at most `concurrency` jobs at once and all of them in the end', async () => {
    let running = 0;
    let peak = 0;
    const done: string[] = [];
    const queue = createInProcessQueue<ScanJobPayload>(
      async ({ scanUid }) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        done.push(scanUid);
      },
      { attempts: 1, retryDelayMs: 0, concurrency: 2 },
      log,
    );
    for (const scanUid of ['1', '2', '3', '4', '5']) await queue.enqueue({ scanUid });
    while (done.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.close();
    expect(peak).toBe(2);
    expect(done.sort()).toEqual(['1', '2', '3', '4', '5']);
  });
});
