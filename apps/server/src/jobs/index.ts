// The job system's face: define a job once (name, handler, policy), hand it to one backend.
export { bullmqSettings, createBullmqJobs, queueNameOf, startBullmqWorkers, takenHere, type BullmqSettings } from './bullmq-jobs.ts';
export { createInProcessJobs } from './in-process-jobs.ts';
export {
  defineJob,
  type JobAttempt,
  type JobBackoff,
  type JobDefinition,
  type JobFailedForGood,
  type JobHandler,
  type JobOptions,
  type EnqueueOptions,
  type Jobs,
  type JobWatch,
  JobDeferredError,
  JobTimeoutError,
  retryDelay,
} from './job-definition.ts';
