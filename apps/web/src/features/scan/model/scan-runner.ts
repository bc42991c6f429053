import type { CheckResult, CheckUrlResponse } from '@riskscan/contracts';
import { SCAN_MESSAGES } from './scan-constants.ts';
import { describeScanFailure } from './scan-errors.ts';
import type { ScanForm } from './scan-form.ts';
import { beginScan, completeScan, failScan } from './scan-storage.ts';

export type ScanOutcome =
  | { kind: 'result'; result: CheckResult }
  /** Scanned within 24 hours: the caller offers 'Recent Result' or 'Initiate Scan'. */
  | { kind: 'recent'; result: CheckResult; form: ScanForm }
  | { kind: 'failed'; message: string; membershipExpired: boolean }
  /** The page went away mid-scan: storage keeps the pending scan so the next load resumes it. */
  | { kind: 'aborted' };

export type ScanDeps = {
  storage: Storage;
  now: () => number;
  healthCheck: () => Promise<void>;
  checkUrl: (form: ScanForm) => Promise<CheckUrlResponse>;
  signal?: AbortSignal;
};

/**
 * One scan as SPEC §4 runs it: save the pending scan (unless resuming one), check the server's
 * health, scan, then store the result or the error flag. Never throws.
 */
export async function runScan(form: ScanForm, deps: ScanDeps, options: { resumed?: boolean } = {}): Promise<ScanOutcome> {
  if (!options.resumed) beginScan(deps.storage, form, deps.now());
  const aborted = () => deps.signal?.aborted === true;
  try {
    await deps.healthCheck();
  } catch {
    if (aborted()) return { kind: 'aborted' };
    failScan(deps.storage);
    return { kind: 'failed', message: SCAN_MESSAGES.serverUpdating, membershipExpired: false };
  }
  try {
    if (aborted()) return { kind: 'aborted' };
    const { data } = await deps.checkUrl(form);
    completeScan(deps.storage, data);
    return data.recently_scanned && !form.new ? { kind: 'recent', result: data, form } : { kind: 'result', result: data };
  } catch (error) {
    if (aborted()) return { kind: 'aborted' };
    failScan(deps.storage);
    return { kind: 'failed', ...describeScanFailure(error) };
  }
}
