import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessJobs } from './in-process-jobs.ts';
import { defineJob, type JobAttempt, JobDeferredError, type Jobs } from './job-definition.ts';

const log = pino({ level: 'silent' });
const once = { attempts: 1, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 5_000 } as const;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

let jobs: Jobs;
afterEach(async () => jobs?.close());

describe('in-process jobs', () => {
  it('starts waiting jobs by priority, those of one priority in the order they came (issue 40)', async () => {
    const started: string[] = [];
    const gate = deferred();
    const scan = defineJob<{ uid: string }>(
      'prioritised',
      async ({ uid }) => {
        started.push(uid);
        if (uid === 'running') await gate.promise;
      },
      once,
    );
    jobs = createInProcessJobs(log);
    await jobs.enqueue(scan, { uid: 'running' }, { priority: 3 });
    await jobs.enqueue(scan, { uid: 'guest 1' }, { priority: 3 });
    await jobs.enqueue(scan, { uid: 'guest 2' }, { priority: 3 });
    await jobs.enqueue(scan, { uid: 'unprioritised' });
    await jobs.enqueue(scan, { uid: 'paying' }, { priority: 1 });
    await jobs.enqueue(scan, { uid: 'member' }, { priority: 2 });
    gate.resolve();
    await until(() => started.length === 6);
    expect(started).toEqual(['running', 'paying', 'member', 'guest 1', 'guest 2', 'unprioritised']);
  });

  it('retries a failing job with exponential back-off and tells the handler which attempt is final', async () => {
    const seen: { attempt: JobAttempt; at: number }[] = [];
    const finished = deferred();
    const flaky = defineJob<{ uid: string }>(
      'flaky',
      async (_payload, attempt) => {
        seen.push({ attempt, at: Date.now() });
        if (attempt.number < 3) throw new Error('flaky target');
        finished.resolve();
      },
      { attempts: 3, backoff: { type: 'exponential', delayMs: 40 }, timeoutMs: 1_000 },
    );
    jobs = createInProcessJobs(log);
    await jobs.enqueue(flaky, { uid: 'a' });
    await finished.promise;
    expect(seen.map((entry) => entry.attempt)).toEqual([
      { number: 1, final: false },
      { number: 2, final: false },
      { number: 3, final: true },
    ]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(35);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(75);
  });

  it('waits the same delay between attempts with a fixed back-off, and gives up after the last', async () => {
    const at: number[] = [];
    const down = defineJob(
      'down',
      async () => {
        at.push(Date.now());
        throw new Error('always down');
      },
      { attempts: 3, backoff: { type: 'fixed', delayMs: 40 }, timeoutMs: 1_000 },
    );
    jobs = createInProcessJobs(log);
    await jobs.enqueue(down, {});
    await until(() => at.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(at).toHaveLength(3);
    expect(at[2]! - at[1]!).toBeLessThan(75);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(35);
  });

  it('fails an attempt that outlives its time limit and tries again', async () => {
    const attempts: JobAttempt[] = [];
    const done = deferred();
    const hangs = defineJob(
      'hangs-once',
      async (_payload, attempt) => {
        attempts.push(attempt);
        if (attempt.number === 1) await new Promise(() => undefined);
        done.resolve();
      },
      { attempts: 2, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 50 },
    );
    jobs = createInProcessJobs(log);
    const started = Date.now();
    await jobs.enqueue(hangs, {});
    await done.promise;
    expect(attempts).toEqual([
      { number: 1, final: false },
      { number: 2, final: true },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('frees the slot of a job that defers itself for the next one, and runs it later as the same attempt (issue 40)', async () => {
    const events: string[] = [];
    const attempts: JobAttempt[] = [];
    let busy = true;
    const ended = deferred();
    const work = defineJob<{ uid: string }>(
      'deferring',
      async ({ uid }, attempt) => {
        if (uid === 'held') {
          if (busy) {
            events.push('held deferred');
            throw new JobDeferredError(20, 'its destination is busy');
          }
          attempts.push(attempt);
          events.push('held ran');
          ended.resolve();
          return;
        }
        events.push(`${uid} ran`);
        busy = false;
      },
      { ...once, concurrency: 1 },
    );
    jobs = createInProcessJobs(log);
    const watch = jobs.watch(work, 'held');
    await jobs.enqueue(work, { uid: 'held' }, { id: 'held' });
    await jobs.enqueue(work, { uid: 'next' });
    await ended.promise;
    // One runner: the next job ran while the deferred one waited; the deferral spent no attempt.
    expect(events).toEqual(['held deferred', 'next ran', 'held ran']);
    expect(attempts).toEqual([{ number: 1, final: true }]);
    expect(await watch.ended(1_000)).toBe(true);
  });

  it('runs at most the job’s concurrency at once, each job on its own, and all of them in the end', async () => {
    let running = 0;
    let peak = 0;
    const done: string[] = [];
    const work = defineJob<{ uid: string }>(
      'work',
      async ({ uid }) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        done.push(uid);
      },
      { ...once, concurrency: 2 },
    );
    const other: string[] = [];
    const aside = defineJob<{ uid: string }>('aside', async ({ uid }) => void other.push(uid), once);
    jobs = createInProcessJobs(log);
    for (const uid of ['1', '2', '3', '4', '5']) await jobs.enqueue(work, { uid });
    await jobs.enqueue(aside, { uid: 'x' });
    // The other job does not queue behind this one's lane.
    await until(() => other.length === 1);
    expect(done.length).toBeLessThan(5);
    await until(() => done.length === 5);
    expect(peak).toBe(2);
    expect(done.sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('adds a job whose id is waiting or running only once, and again once it ended', async () => {
    const gate = deferred();
    let calls = 0;
    const job = defineJob(
      'once-per-id',
      async () => {
        calls++;
        await gate.promise;
      },
      once,
    );
    jobs = createInProcessJobs(log);
    await jobs.enqueue(job, {}, { id: 'a' });
    await jobs.enqueue(job, {}, { id: 'a' });
    const ended = jobs.watch(job, 'a');
    gate.resolve();
    expect(await ended.ended(1_000)).toBe(true);
    ended.stop();
    expect(calls).toBe(1);
    await jobs.enqueue(job, {}, { id: 'a' });
    await until(() => calls === 2);
  });

  it('wakes a watcher when the job ends, failed for good too, and not before', async () => {
    const gate = deferred();
    const failing = defineJob(
      'fails',
      async () => {
        await gate.promise;
        throw new Error('no');
      },
      once,
    );
    jobs = createInProcessJobs(log);
    await jobs.enqueue(failing, {}, { id: 'f' });
    const early = jobs.watch(failing, 'f');
    expect(await early.ended(30)).toBe(false);
    early.stop();
    const watch = jobs.watch(failing, 'f');
    gate.resolve();
    expect(await watch.ended(1_000)).toBe(true);
    watch.stop();
  });

  it('beats a repeating job every interval, one beat at a time', async () => {
    let beats = 0;
    let running = 0;
    let peak = 0;
    const beat = defineJob(
      'beat',
      async () => {
        beats++;
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 45));
        running--;
      },
      once,
    );
    jobs = createInProcessJobs(log);
    await jobs.every(beat, 10, {});
    await until(() => beats >= 3);
    expect(peak).toBe(1);
  });
});
