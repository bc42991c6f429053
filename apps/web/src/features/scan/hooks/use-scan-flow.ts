import type { CheckResult } from '@riskscan/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { checkUrl, type ScanCredentials } from '../api/check-url.ts';
import { healthCheck } from '../api/health-check.ts';
import type { ScanForm } from '../model/scan-form.ts';
import { runScan } from '../model/scan-runner.ts';
import { discardResult, flagMembershipExpired, pendingScan, prepareRescan, readStoredResult } from '../model/scan-storage.ts';

export type ScanPhase =
  /** After a failed scan: the form as it was sent and why it failed, so nothing typed is lost. */
  | { name: 'form'; form?: ScanForm; failure?: string }
  | { name: 'scanning'; form: ScanForm; resumed: boolean }
  | { name: 'result'; result: CheckResult }
  | { name: 'recent'; result: CheckResult; form: ScanForm };

/** Where a page load starts: a stored result, a pending scan to resume, or the form (SPEC §4). */
export function initialPhase(storage: Storage, now: number): ScanPhase {
  const result = readStoredResult(storage);
  if (result) return { name: 'result', result };
  const form = pendingScan(storage, now);
  return form ? { name: 'scanning', form, resumed: true } : { name: 'form' };
}

/**
 * The scan flow on the home page: start, resume, recently-scanned choice, reset. `credentials`
 * is asked when a scan goes out, so a guest's free-scan answer can still be on its way at submit.
 */
export function useScanFlow(credentials: () => Promise<ScanCredentials>) {
  const [phase, setPhase] = useState<ScanPhase>(() => initialPhase(localStorage, Date.now()));
  // The latest resolver is read when a scan starts; a new one must not restart a running scan.
  const credentialsRef = useRef(credentials);
  useLayoutEffect(() => {
    credentialsRef.current = credentials;
  });

  const scanning = phase.name === 'scanning' ? phase : null;
  useEffect(() => {
    if (!scanning) return;
    const controller = new AbortController();
    const resolveCredentials = credentialsRef.current;
    void runScan(
      scanning.form,
      {
        storage: localStorage,
        now: Date.now,
        healthCheck,
        checkUrl: async (form) => {
          return checkUrl(form, await resolveCredentials(), controller.signal);
        },
        signal: controller.signal,
      },
      { resumed: scanning.resumed },
    ).then((outcome) => {
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'failed') {
        if (outcome.membershipExpired) flagMembershipExpired(localStorage);
        void showToast('error', outcome.message);
        setPhase({ name: 'form', form: scanning.form, failure: outcome.message });
      } else if (outcome.kind === 'recent') {
        setPhase({ name: 'recent', result: outcome.result, form: outcome.form });
      } else {
        setPhase({ name: 'result', result: outcome.result });
      }
    });
    return () => controller.abort();
  }, [scanning]);

  const start = useCallback((form: ScanForm) => setPhase({ name: 'scanning', form, resumed: false }), []);
  const keepRecent = useCallback(() => {
    if (phase.name === 'recent') setPhase({ name: 'result', result: phase.result });
  }, [phase]);
  const rescan = useCallback(() => {
    if (phase.name === 'recent') setPhase({ name: 'scanning', form: prepareRescan(localStorage, phase.form, Date.now()), resumed: true });
  }, [phase]);
  const reset = useCallback(() => {
    discardResult(localStorage);
    setPhase({ name: 'form' });
  }, []);

  return { phase, start, keepRecent, rescan, reset };
}
