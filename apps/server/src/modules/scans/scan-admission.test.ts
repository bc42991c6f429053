import { describe, expect, it } from 'vitest';
import { JobDeferredError } from '../../jobs/index.ts';
import { createScanAdmission } from './scan-admission.ts';
import { SCAN_PRIORITY } from './scan-queue.ts';

const GUESTS = 1;
const guest = { owner: GUESTS, priority: SCAN_PRIORITY.guest };
const paying = (owner: number) => ({ owner, priority: SCAN_PRIORITY.paying });

describe('scan admission (issue 40: fair shares of the runners)', () => {
  it("keeps a runner for paying plans however many guests' scans wait", () => {
    const admission = createScanAdmission(2);
    admission.admit(guest);
    expect(() => admission.admit(guest)).toThrow(JobDeferredError);
    expect(() => admission.admit({ owner: 7, priority: SCAN_PRIORITY.member })).toThrow(JobDeferredError);
    expect(() => admission.admit(paying(42))).not.toThrow();
  });

  it('runs at most half the runners for one account, and frees its share when a scan ends', () => {
    const admission = createScanAdmission(4);
    const first = admission.admit(paying(42));
    admission.admit(paying(42));
    expect(() => admission.admit(paying(42))).toThrow(JobDeferredError);
    // Another paying account still finds a runner.
    admission.admit(paying(43));
    first();
    expect(() => admission.admit(paying(42))).not.toThrow();
    expect(() => admission.admit(paying(42))).toThrow(JobDeferredError);
  });

  it('lets unpaid scans of several parties fill all runners but one', () => {
    const admission = createScanAdmission(4);
    admission.admit(guest);
    admission.admit({ owner: 7, priority: SCAN_PRIORITY.member });
    admission.admit({ owner: 8, priority: SCAN_PRIORITY.member });
    expect(() => admission.admit({ owner: 9, priority: SCAN_PRIORITY.member })).toThrow(JobDeferredError);
    expect(() => admission.admit(paying(42))).not.toThrow();
  });

  it('runs scans one at a time with a single runner, whoever asks', () => {
    const admission = createScanAdmission(1);
    const done = admission.admit(guest);
    expect(() => admission.admit(guest)).toThrow(JobDeferredError);
    done();
    expect(() => admission.admit(guest)).not.toThrow();
  });
});
