import type { JobDefinition, Jobs, JobWatch } from '../../jobs/index.ts';

/** The one job the scan service queues: scan the stored request named by its uid. */
export const SCAN_JOB = 'scan';
export type ScanJobPayload = { scanUid: string };

/** Scans as the request side sees the job system: queue one, or watch for its end. */
export type ScanQueue = { enqueue(scanUid: string): Promise<void>; watch(scanUid: string): JobWatch };

export function scanQueueOn(jobs: Jobs, scanJob: JobDefinition<ScanJobPayload>): ScanQueue {
  return {
    // The scan uid as job id: a request enqueued twice is scanned once, and its end is heard by uid.
    enqueue: (scanUid) => jobs.enqueue(scanJob, { scanUid }, { id: scanUid }),
    watch: (scanUid) => jobs.watch(scanJob, scanUid),
  };
}
