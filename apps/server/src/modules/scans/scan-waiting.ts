import { scanEnded } from '@riskscan/contracts';
import type { ScanServiceConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain-errors.ts';
import { NOT_FOUND } from './scan-presenter.ts';
import type { ScanQueue } from './scan-queue.ts';
import { findScanByUid, type ScanRow } from './scans.repository.ts';

/**
 * Waits until the scan is done, failed or cancelled; the row as it stands when `timeoutMs` runs out. Woken by
 * the scan job's end (record 171): it listens first, then reads the row, so an end between the two
 * is not missed. A job that ended without finishing the row (a duplicate) is listened for again.
 * A row deleted meanwhile (its account was deleted) is not found, as a read of it would be.
 */
export async function waitForScan(ctx: { db: Db; queue: Pick<ScanQueue, 'watch'> }, uid: string, timeoutMs: number): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const watch = ctx.queue.watch(uid);
    try {
      const scan = await findScanByUid(ctx.db, uid);
      if (!scan) throw new NotFoundError(NOT_FOUND);
      const left = deadline - Date.now();
      if (scanEnded(scan.status) || left <= 0) return scan;
      // Woken or out of time, the row is read once more on the next turn.
      await watch.ended(left);
    } finally {
      watch.stop();
    }
  }
}

/** The longest a scan can take through all its attempts and back-offs, plus queueing slack. */
export function longestScanMs(config: ScanServiceConfig): number {
  const backoffs = config.retryDelayMs * (2 ** (config.attempts - 1) - 1);
  return config.timeLimitMs * config.attempts + backoffs + config.jobLockMs + 5_000;
}
