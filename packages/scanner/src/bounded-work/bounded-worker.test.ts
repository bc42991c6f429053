import { describe, expect, it } from 'vitest';
import { boundedTask, runBounded, WorkFailedError, WorkLimitError } from './bounded-worker.ts';

const tasks = new URL('./testing/tasks.ts', import.meta.url);
const limits = { memoryMb: 64, timeMs: 15_000, outputBytes: 1024 * 1024 };

describe('bounded worker', { timeout: 60_000 }, () => {
  it('runs a TypeScript task in a thread and hands back its answer, bytes included', async () => {
    const answer = await runBounded(
      boundedTask<{ text: string }, { text: string; bytes: Uint8Array }>(tasks, 'echo'),
      { text: 'mail' },
      limits,
    );
    expect(answer.text).toBe('MAIL');
    expect([...answer.bytes]).toEqual([1, 2, 3]);
  });

  it('ends a task that outgrows its memory limit and names the limit', async () => {
    const error = await runBounded(boundedTask(tasks, 'hoard'), {}, limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkLimitError);
    expect(error).toMatchObject({ limit: 'memoryMb', value: 64, message: 'needed more than its memory limit of 64 MB' });
  });

  it('ends a task past its deadline', async () => {
    const error = await runBounded(boundedTask(tasks, 'spin'), {}, { ...limits, timeMs: 1500 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ limit: 'timeMs', message: 'took longer than its time limit of 1.5 seconds' });
  });

  it('counts the CPU a task uses against its time limit, not the time it waits (decision 602)', async () => {
    // A thread already started (its start, slow on a loaded machine, counts on the wall clock's backstop).
    await runBounded(boundedTask(tasks, 'echo'), { text: 'warm' }, limits);
    // Twice its limit in wall-clock time, next to nothing of CPU: a loaded machine's wait is no overrun.
    const waited = await runBounded(boundedTask<{ ms: number }, number>(tasks, 'nap'), { ms: 3000 }, { ...limits, timeMs: 1500 });
    expect(waited).toBe(3000);
  });

  it('still ends a task that waits on nothing, at four times its limit of the wall clock', async () => {
    const started = performance.now();
    const error = await runBounded(boundedTask(tasks, 'stall'), {}, { ...limits, timeMs: 500 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ limit: 'timeMs', message: 'took longer than its time limit of 0.5 seconds' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('refuses an answer past its output budget', async () => {
    const error = await runBounded(boundedTask(tasks, 'flood'), { megabytes: 3 }, limits).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ limit: 'outputBytes', message: 'answered more than its output limit of 1 MB' });
  });

  it("carries a task's own error across by name", async () => {
    const error = await runBounded(boundedTask(tasks, 'refuse'), {}, limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkFailedError);
    expect(error).toMatchObject({ kind: 'RefusedInputError', message: 'This is not what was expected.' });
  });

  it('converses with a task over a port while it runs', async () => {
    const answers: number[] = [];
    const doubled = await runBounded(boundedTask<unknown, number>(tasks, 'doubler'), {}, limits, {
      converse: (port) => {
        port.on('message', (value: number) => {
          answers.push(value);
          port.postMessage(answers.length < 3 ? value : 0);
        });
        port.postMessage(1);
      },
    });
    expect(answers).toEqual([2, 4, 8]);
    expect(doubled).toBe(3);
  });

  it('keeps a thread with a small heap for the next task, and ends one an input swelled', async () => {
    const whoami = boundedTask<Record<string, never>, number>(tasks, 'whoami');
    const first = await runBounded(whoami, {}, limits);
    expect(await runBounded(whoami, {}, limits)).toBe(first);
    const swollen = await runBounded(
      boundedTask<{ megabytes: number }, number>(tasks, 'swell'),
      { megabytes: 120 },
      { ...limits, memoryMb: 256 },
    );
    const after = await runBounded(whoami, {}, { ...limits, memoryMb: 256 });
    expect(after).not.toBe(swollen);
  });

  it('keeps a thread whose task declares the larger heap its own code holds, and still ends one swelled past it', async () => {
    const limitsOf = { ...limits, memoryMb: 384 };
    const holding = boundedTask<{ megabytes: number }, number>(tasks, 'swell', { keepHeapMb: 192 });
    const whoami = boundedTask<Record<string, never>, number>(tasks, 'whoami', { keepHeapMb: 192 });
    const held = await runBounded(holding, { megabytes: 120 }, limitsOf);
    expect(await runBounded(whoami, {}, limitsOf)).toBe(held);
    // The same thread again: 120 MB more leaves it past what its task declared.
    expect(await runBounded(holding, { megabytes: 120 }, limitsOf)).toBe(held);
    expect(await runBounded(whoami, {}, limitsOf)).not.toBe(held);
  });
});
