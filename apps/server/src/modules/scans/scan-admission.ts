import { JobDeferredError } from '../../jobs/index.ts';
import { SCAN_PRIORITY, type ScanPriority } from './scan-queue.ts';

/** How long a scan that may not start yet waits before it asks again (off the runner, no attempt spent). */
export const SCAN_ADMISSION_DELAY_MS = 1_000;

/** Who a scan runs for: its owner (every guest shares the free-scan guest account, so guests are one party) and its priority. */
export type ScanParty = { owner: number | null; priority: ScanPriority };

/** Starts a scan in this process's share of runners, or throws `JobDeferredError`; answers how to give the runner back. */
export type ScanAdmission = { admit(party: ScanParty): () => void };

/**
 * Fair shares of one process's scan runners (issue 40): one party runs at most half of them (at
 * least one), so one account's batch never fills them; free members and guests together run at
 * most all but one, so a paying member's scan always finds a runner, as the plans promise, however
 * slow the others' scans are (a guest's black-holed host holds its runner up to the scan's limits).
 * Counted per process: every worker keeps its own paying runner.
 */
export function createScanAdmission(runners: number): ScanAdmission {
  const perParty = Math.max(1, Math.ceil(runners / 2));
  const unpaid = Math.max(1, runners - 1);
  const byOwner = new Map<number | null, number>();
  let unpaidRunning = 0;
  return {
    admit({ owner, priority }) {
      const paying = priority === SCAN_PRIORITY.paying;
      if ((byOwner.get(owner) ?? 0) >= perParty) {
        throw new JobDeferredError(SCAN_ADMISSION_DELAY_MS, `its account already runs ${perParty} scans here`);
      }
      if (!paying && unpaidRunning >= unpaid) {
        throw new JobDeferredError(SCAN_ADMISSION_DELAY_MS, `the runner kept for paying plans is the only one free`);
      }
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
      if (!paying) unpaidRunning++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (byOwner.get(owner) ?? 1) - 1;
        if (left === 0) byOwner.delete(owner);
        else byOwner.set(owner, left);
        if (!paying) unpaidRunning--;
      };
    },
  };
}
