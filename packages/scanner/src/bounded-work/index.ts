// Untrusted input is parsed and decoded in worker threads with memory, time and output limits.
export {
  boundedTask,
  runBounded,
  WorkFailedError,
  WorkLimitError,
  type BoundedTask,
  type WorkLimit,
  type WorkLimits,
  type WorkOptions,
} from './bounded-worker.ts';
