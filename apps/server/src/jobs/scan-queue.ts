/** The one job the scan service queues: scan the stored request named by its uid. */
export const SCAN_JOB = 'scan';
export type ScanJobPayload = { scanUid: string };

/** Which attempt this is; on the `final` one a failure is for good. */
export type JobAttempt = { number: number; final: boolean };
export type JobHandler<P> = (payload: P, attempt: JobAttempt) => Promise<void>;
export type ScanJobHandler = JobHandler<ScanJobPayload>;

/** Retries with exponential back-off, and how many scans run at once. */
export type JobPolicy = { attempts: number; retryDelayMs: number; concurrency: number };

/** One interface, two backends: in-process (embedded default) and BullMQ on Redis. */
export interface JobQueue<P> {
  readonly backend: 'in-process' | 'bullmq';
  enqueue(payload: P): Promise<void>;
  /** True while jobs can be queued (Redis answers, for BullMQ): what readiness probes ask. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
export type ScanQueue = JobQueue<ScanJobPayload>;

export function retryDelay(policy: Pick<JobPolicy, 'retryDelayMs'>, failedAttempt: number): number {
  return policy.retryDelayMs * 2 ** (failedAttempt - 1);
}
