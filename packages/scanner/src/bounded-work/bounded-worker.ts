import { availableParallelism } from 'node:os';
import { deserialize } from 'node:v8';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { ownThreadStat, threadCpuMs } from './thread-clock.ts';

/**
 * What one piece of untrusted work may use. `memoryMb` bounds the worker's JavaScript heap
 * (`resourceLimits`); buffers live outside it, so the work itself must still bound what it
 * inflates. `outputBytes` bounds the serialised answer handed back.
 */
export type WorkLimits = { memoryMb: number; timeMs: number; outputBytes: number };

export type WorkLimit = keyof WorkLimits;

/** The work broke one of its limits and was ended; `limit` names which, `value` its size. */
export class WorkLimitError extends Error {
  override readonly name = 'WorkLimitError';
  constructor(
    readonly limit: WorkLimit,
    readonly value: number,
  ) {
    super(
      limit === 'memoryMb'
        ? `needed more than its memory limit of ${value} MB`
        : limit === 'timeMs'
          ? `took longer than its time limit of ${value / 1000} seconds`
          : `answered more than its output limit of ${Math.round(value / 1024 / 1024)} MB`,
    );
  }
}

/** The work threw: its error's name and message, carried across the thread. */
export class WorkFailedError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkFailedError';
  }
}

/**
 * A task is a named export of a module, given one structured-cloneable input (and, when the
 * caller converses with it, a `MessagePort` as its second argument). It is named by module URL
 * and export rather than passed as a function: the worker loads it afresh, away from the
 * caller's memory. `keepHeapBytes`: the heap past which a thread that ran it is ended rather
 * than kept (see `KEEP_HEAP_BYTES`).
 */
export type BoundedTask<Input, Output> = { module: URL; name: string; keepHeapBytes: number; __types?: (input: Input) => Output };

/**
 * A thread whose heap the input swelled past this is ended rather than kept: V8 seldom gives a
 * grown heap back. A thread that has read an ordinary mail holds about 60 MB.
 */
const KEEP_HEAP_BYTES = 96 * 1024 * 1024;

/**
 * Names a task. A task whose own code holds more than an ordinary mail reader (indexes it builds
 * once per thread) gives `keepHeapMb`: still well under what a swelling input leaves behind.
 */
export function boundedTask<Input, Output>(module: URL, name: string, options: { keepHeapMb?: number } = {}): BoundedTask<Input, Output> {
  return { module, name, keepHeapBytes: options.keepHeapMb === undefined ? KEEP_HEAP_BYTES : options.keepHeapMb * 1024 * 1024 };
}

const ENTRY = new URL('./worker-entry.ts', import.meta.url);
// Workers run TypeScript sources like the rest of the code: tsx loads them in the thread too,
// whether the process started under tsx (npm start) or under the test runner.
const LOADER = ['--import', 'tsx'];

/** Runs at most `slots` tasks at once; the rest wait their turn in arrival order. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly slots: number) {}
  async enter(): Promise<() => void> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

// Untrusted work of the whole process shares the cores it leaves to the event loop.
const slots = new Slots(Math.max(1, availableParallelism() - 1) + 1);
// A thread that kept its limits waits this long for more work: starting one costs about a
// second, and an idle one holds its heap (60-80 MB with the mail reader loaded, about 160 MB
// with the log hunt's verdict indexes) until it ends.
const IDLE_MS = 10_000;
// Idle threads kept per heap limit: a burst reuses them, a quiet process returns to its baseline.
const MAX_IDLE = 1;
/** What the caller may add to a run: `converse` gets its end of a channel to the task while it runs. */
export type WorkOptions = { converse?: (port: MessagePort) => void };

type Reply = ({ result: Uint8Array } | { over: number } | { error: { name: string; message: string } }) & { heapBytes: number };
/** What a thread says once, when it starts: where its CPU counters are (see thread-clock.ts). */
type Started = { thread: string | null };
type Idle = { worker: Worker; timer: NodeJS.Timeout };

/** Threads that kept their limits, by heap limit, ready for the next task. */
const idle = new Map<number, Idle[]>();
/** Each thread's CPU counters, once it has said where they are. */
const threadStats = new WeakMap<Worker, string>();

/**
 * A task handed its whole input is bounded by the CPU its thread uses, not by the wall clock
 * (decision 602): the thread runs at nice 10, and on a loaded machine it waits for the cores, so
 * a wall-clock deadline ended honest work (a QR code read in one second of CPU missed its ten).
 * The wall clock still ends a thread after `WALL_BACKSTOP` times its limit, whatever it waits on.
 * A task fed through `converse` keeps the wall-clock limit: its input can stall, and a stalled
 * stream must end at the limit. Without /proc (not Linux) every limit is the wall clock's.
 */
const CPU_COUNTED = ownThreadStat() !== null;
const WALL_BACKSTOP = 4;
const CPU_CHECK_MS = 100;

function cpuUsedMs(worker: Worker): number | null {
  const stat = threadStats.get(worker);
  return stat ? threadCpuMs(stat) : null;
}

function takeWorker(memoryMb: number): Worker {
  const ready = idle.get(memoryMb)?.pop();
  if (ready) {
    clearTimeout(ready.timer);
    return ready.worker;
  }
  const worker = new Worker(ENTRY, {
    execArgv: LOADER,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4) },
    stdout: false,
    stderr: false,
  });
  worker.once('message', ({ thread }: Started) => {
    if (thread) threadStats.set(worker, thread);
  });
  // Never what keeps the process alive: a running task's deadline timer does that.
  worker.unref();
  return worker;
}

function giveBack(worker: Worker, memoryMb: number): void {
  const list = idle.get(memoryMb) ?? [];
  idle.set(memoryMb, list);
  if (list.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  const entry: Idle = {
    worker,
    timer: setTimeout(() => {
      list.splice(list.indexOf(entry), 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
  };
  list.push(entry);
}

/**
 * Runs a task in a worker thread under its limits: a heap limit, a wall-clock deadline that
 * ends the thread, and a budget on the answer. A broken limit rejects with WorkLimitError (and
 * the thread is ended); an error thrown by the task rejects with WorkFailedError carrying its
 * name. Threads that keep their limits, and a small heap, are kept a while for the next task.
 * With `converse`, caller and task exchange messages while it runs (a stream in, answers out);
 * the caller's port is closed when the run ends, however it ends.
 */
export async function runBounded<Input, Output>(
  task: BoundedTask<Input, Output>,
  input: Input,
  limits: WorkLimits,
  options: WorkOptions = {},
): Promise<Output> {
  const leave = await slots.enter();
  const channel = options.converse ? new MessageChannel() : null;
  try {
    return await new Promise<Output>((resolve, reject) => {
      const worker = takeWorker(limits.memoryMb);
      // A new thread's CPU is all this task's, its start included.
      const cpuAtStart = cpuUsedMs(worker) ?? 0;
      let settled = false;
      const settle = (outcome: () => void, reusable = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearInterval(cpuWatch);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (reusable) giveBack(worker, limits.memoryMb);
        else void worker.terminate();
        outcome();
      };
      const onMessage = (reply: Reply | Started) => {
        if ('thread' in reply) return;
        const reusable = reply.heapBytes <= task.keepHeapBytes;
        if ('result' in reply) settle(() => resolve(deserialize(reply.result) as Output), reusable);
        else if ('over' in reply) settle(() => reject(new WorkLimitError('outputBytes', limits.outputBytes)), reusable);
        else settle(() => reject(new WorkFailedError(reply.error.name, reply.error.message)), reusable);
      };
      const onError = (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => reject(new WorkLimitError('memoryMb', limits.memoryMb)));
        else settle(() => reject(error));
      };
      const onExit = (code: number) => settle(() => reject(new Error(`The worker stopped (exit code ${code}) before it answered.`)));
      const overTime = () => settle(() => reject(new WorkLimitError('timeMs', limits.timeMs)));
      const byCpu = CPU_COUNTED && !options.converse;
      const deadline = setTimeout(overTime, byCpu ? limits.timeMs * WALL_BACKSTOP : limits.timeMs);
      const cpuWatch = byCpu
        ? setInterval(() => {
            const used = cpuUsedMs(worker);
            if (used !== null && used - cpuAtStart >= limits.timeMs) overTime();
          }, CPU_CHECK_MS).unref()
        : undefined;
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const job = { module: task.module.href, name: task.name, input, outputBytes: limits.outputBytes, port: channel?.port2 };
      worker.postMessage(job, channel ? [channel.port2] : []);
      if (channel) options.converse!(channel.port1);
    });
  } finally {
    channel?.port1.close();
    leave();
  }
}
