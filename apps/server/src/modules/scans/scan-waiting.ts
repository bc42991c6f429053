import { setTimeout as sleep } from 'node:timers/promises';
import type { ScanServiceConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { findScanByUid, type ScanRow } from './scans.repository.ts';

const POLL_MS = 150;

/** Waits until the scan is done or failed; the row as it stands when `timeoutMs` runs out. */
export async function waitForScan(db: Db, uid: string, timeoutMs: number): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const scan = await findScanByUid(db, uid);
    if (!scan) throw new Error(`scan ${uid} vanished`);
    if (scan.status === 'done' || scan.status === 'failed' || Date.now() >= deadline) return scan;
    await sleep(POLL_MS);
  }
}

/** The longest a scan can take through all its attempts and back-offs, plus queueing slack. */
export function longestScanMs(config: ScanServiceConfig): number {
  const backoffs = config.retryDelayMs * (2 ** (config.attempts - 1) - 1);
  return config.timeLimitMs * config.attempts + backoffs + config.jobLockMs + 5_000;
}
