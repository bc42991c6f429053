/** Which attempt this is; on the `final` one a failure is for good. */
export type JobAttempt = { number: number; final: boolean };
/**
 * One attempt at a job. `deadline` aborts, with the `JobTimeoutError` the attempt fails with, when
 * the job's `timeoutMs` runs out: the one clock of an attempt, which a handler stops its work on
 * rather than keeping a time limit of its own.
 */
export type JobHandler<P> = (payload: P, attempt: JobAttempt, deadline: AbortSignal) => Promise<void>;

export type JobBackoff = { type: 'exponential' | 'fixed'; delayMs: number };

/** The retry policy and limits of one job, stated once where the job is defined. */
export type JobOptions = {
  attempts: number;
  backoff: JobBackoff;
  /** An attempt still running after this fails (and is retried while attempts are left). */
  timeoutMs: number;
  /** How many of this job run at once per process; 1 unless said. */
  concurrency?: number;
  /** BullMQ's queue for this job; `<SCAN_QUEUE_NAME>-<name>` unless said. */
  queueName?: string;
};

/** Runs once when a job's last attempt failed (a time-out included), before the job counts as ended. */
export type JobFailedForGood<P> = (payload: P, error: unknown) => Promise<void>;

export type JobDefinition<P extends object = object> = {
  readonly name: string;
  readonly handler: JobHandler<P>;
  readonly options: JobOptions;
  /** What the job's owner records when it fails for good (a watcher woken by the end then reads it). */
  readonly failedForGood?: JobFailedForGood<P>;
};

/** A job: its name (what BullMQ stores), what runs it, and its policy. Payloads carry ids, not records. */
export function defineJob<P extends object>(
  name: string,
  handler: JobHandler<P>,
  options: JobOptions,
  hooks: { failedForGood?: JobFailedForGood<P> } = {},
): JobDefinition<P> {
  if (!/^[\w-]+$/.test(name)) throw new Error(`job name ${name} must be letters, digits, _ and -`);
  return { name, handler, options, ...(hooks.failedForGood ? { failedForGood: hooks.failedForGood } : {}) };
}

/** The wait before the attempt after `failedAttempt` (1 for the first). */
export function retryDelay(backoff: JobBackoff, failedAttempt: number): number {
  return backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** (failedAttempt - 1);
}

export class JobTimeoutError extends Error {}

/**
 * Thrown by a handler that must not start yet (its account or destination already has its share
 * running): the job goes back to wait `delayMs` and runs again, its runner slot freed at once and
 * the attempt not counted. What it waits for is the handler's to say; nothing ran.
 */
export class JobDeferredError extends Error {
  constructor(
    readonly delayMs: number,
    why: string,
  ) {
    super(why);
  }
}

/** One attempt within the job's time limit, the same for both backends. */
export async function runAttempt<P extends object>(job: JobDefinition<P>, payload: P, attempt: JobAttempt): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new AbortController();
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(`job ${job.name} took longer than ${job.options.timeoutMs} ms`);
      deadline.abort(error);
      reject(error);
    }, job.options.timeoutMs);
  });
  try {
    await Promise.race([job.handler(payload, attempt, deadline.signal), limit]);
  } catch (error) {
    // Recorded before the job ends, so whoever the end wakes reads the failure. A deferred job has not failed.
    if (attempt.final && job.failedForGood && !(error instanceof JobDeferredError)) await job.failedForGood(payload, error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** What a waiter holds: subscribed before it reads the state it waits on, so no ending slips between. */
export type JobWatch = {
  /** True when the job ended (completed, or failed) within `timeoutMs`; false when the time ran out. */
  ended(timeoutMs: number): Promise<boolean>;
  stop(): void;
};

export type EnqueueOptions = { id?: string; priority?: number };

/** Priority of a job queued without one: after every job given a priority. */
export const DEFAULT_JOB_PRIORITY = 10;

/** One face, two backends: in-process (the embedded default) and BullMQ on Redis. */
export interface Jobs {
  readonly backend: 'in-process' | 'bullmq';
  /**
   * `id` makes the enqueue idempotent: a job with the same id still waiting or running is not
   * added again. `priority` (1 first, default `DEFAULT_JOB_PRIORITY`) orders waiting jobs of a
   * name; jobs of one priority start in the order they came.
   */
  enqueue<P extends object>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Runs the job every `everyMs` (one at a time, on one process of however many). */
  every<P extends object>(job: JobDefinition<P>, everyMs: number, payload: P): Promise<void>;
  /** Wakes when the job with this id ends; see `JobWatch`. */
  watch(job: Pick<JobDefinition, 'name' | 'options'>, id: string): JobWatch;
  /** True while jobs can be queued (Redis answers, for BullMQ): what readiness probes ask. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** A watch over any source of endings: `subscribe` registers the wake-up now and returns how to take it back. */
export function watchEnding(subscribe: (wake: () => void) => () => void): JobWatch {
  let wake: () => void = () => undefined;
  const woken = new Promise<true>((resolve) => (wake = () => resolve(true)));
  const unsubscribe = subscribe(() => wake());
  return {
    async ended(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      try {
        return await Promise.race([woken, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    stop: unsubscribe,
  };
}
