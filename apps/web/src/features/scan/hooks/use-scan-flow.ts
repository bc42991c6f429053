import { type CheckResult, SCAN_CANCELLED, type ScanStage } from '@riskscan/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { checkUrl, type ScanCredentials } from '../api/check-url.ts';
import { healthCheck } from '../api/health-check.ts';
import { cancelScan, findUnfinishedScan } from '../api/scan-progress.ts';
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

  // The stage as read for one scan: a new scan starts with none, without resetting state in an effect.
  const [reading, setReading] = useState<{ of: ScanPhase; stage: ScanStage } | null>(null);
  // The running scan's uid once the server listed it, and how to reach it: what Cancel needs.
  const running = useRef<{ uid: string | null; credentials: () => Promise<ScanCredentials> } | null>(null);

  const scanning = phase.name === 'scanning' ? phase : null;
  useEffect(() => {
    if (!scanning) return;
    const controller = new AbortController();
    // Asked once per scan: the scan and the reading of its stage go out as the same caller.
    let asked: Promise<ScanCredentials> | null = null;
    const ask = credentialsRef.current;
    const resolveCredentials = () => (asked ??= ask());
    running.current = { uid: null, credentials: resolveCredentials };
    void followStages(scanning.form.url, resolveCredentials, controller.signal, (scan) => {
      if (running.current) running.current.uid = scan.uid;
      setReading({ of: scanning, stage: scan.stage });
    });
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
  /** Cancel: the server ends the scan (and gives the scan back); the form returns as it was sent. */
  const cancel = useCallback(async () => {
    if (phase.name !== 'scanning' || !running.current) return;
    const { form } = phase;
    const { credentials } = running.current;
    try {
      const who = await credentials();
      const uid = running.current.uid ?? (await findUnfinishedScan(form.url, who))?.uid;
      if (uid) await cancelScan(uid, who);
    } catch {
      // Ended meanwhile or unreachable: the person still gets the form back, and a late report is not shown.
    }
    discardResult(localStorage);
    void showToast('success', SCAN_CANCELLED);
    const { new: _rescan, ...sent } = form;
    setPhase({ name: 'form', form: sent });
  }, [phase]);

  const stage = reading && reading.of === phase ? reading.stage : null;
  return { phase, stage, start, keepRecent, rescan, reset, cancel };
}

/** How long the stage display waits between readings: one call at a time, and none for a scan quicker than this. */
export const STAGE_POLL_MS = 1000;

/** Reads the scan's stage from the server while it runs, one call after the other, until `signal` aborts. */
async function followStages(
  url: string,
  credentials: () => Promise<ScanCredentials>,
  signal: AbortSignal,
  onScan: (scan: { uid: string; stage: ScanStage }) => void,
): Promise<void> {
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, STAGE_POLL_MS));
    if (signal.aborted) return;
    try {
      const scan = await findUnfinishedScan(url, await credentials(), signal);
      if (scan && !signal.aborted) onScan(scan);
    } catch {
      // The stage is a courtesy: a failed reading leaves the last one shown.
    }
  }
}
