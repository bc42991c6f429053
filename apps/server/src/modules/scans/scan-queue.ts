import type { JobDefinition, Jobs, JobWatch } from '../../jobs/index.ts';

/** The one job the scan service queues: scan the stored request named by its uid. */
export const SCAN_JOB = 'scan';

/**
 * Who waits first when scans queue up (issue 40): paying members as their plans promise, then
 * free members, then guests; scans a service runs (monitoring) and scans queued again at start-up
 * wait with the guests. Within one priority, scans start in the order they came.
 */
export const SCAN_PRIORITY = { paying: 1, member: 2, guest: 3 } as const;
export type ScanPriority = (typeof SCAN_PRIORITY)[keyof typeof SCAN_PRIORITY];
/** `priority` is the one the scan waited with, for its share of runners; jobs queued before it existed run as guests. */
export type ScanJobPayload = { scanUid: string; priority?: ScanPriority };

/** Scans as the request side sees the job system: queue one, or watch for its end. */
export type ScanQueue = { enqueue(scanUid: string, priority?: ScanPriority): Promise<void>; watch(scanUid: string): JobWatch };

export function scanQueueOn(jobs: Jobs, scanJob: JobDefinition<ScanJobPayload>): ScanQueue {
  return {
    // The scan uid as job id: a request enqueued twice is scanned once, and its end is heard by uid.
    enqueue: (scanUid, priority = SCAN_PRIORITY.guest) => jobs.enqueue(scanJob, { scanUid, priority }, { id: scanUid, priority }),
    watch: (scanUid) => jobs.watch(scanJob, scanUid),
  };
}
