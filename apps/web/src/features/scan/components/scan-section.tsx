import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { freeScanQueryOptions, useFreeScan } from '../api/free-scan.ts';
import type { ScanCredentials } from '../api/check-url.ts';
import { useScanFlow } from '../hooks/use-scan-flow.ts';
import { anonymousId } from '../model/scan-storage.ts';
import { AuthBlock } from './auth-block.tsx';
import { LazyResultView, preloadResultView } from '@/components/scan-result/lazy-result-view.tsx';
import { RecentlyScannedDialog } from './recently-scanned-dialog.tsx';
import { ScanUrlForm } from './scan-url-form.tsx';
import { ScanProgress } from './scan-progress.tsx';
import { VerdictReportForm } from './verdict-report-form.tsx';
import './scan-section.css';

/**
 * Who the scan runs as: a signed-in user through the session, or a guest with the free-scan
 * token, sending the anonymous id only while the server says it is unused (SPEC §6).
 */
function useScanIdentity() {
  const loggedIn = useSession((state) => state.loggedIn);
  const [uid] = useState(() => anonymousId(localStorage));
  const queryClient = useQueryClient();
  const freeScan = useFreeScan(uid, !loggedIn);
  const forbidden = freeScan.error instanceof ApiError && freeScan.error.status === 403;
  const freeScanOff = !loggedIn && (freeScan.data?.used === true || forbidden);

  const credentials = useCallback(async (): Promise<ScanCredentials> => {
    if (loggedIn) return { kind: 'session' };
    try {
      const answer = await queryClient.fetchQuery(freeScanQueryOptions(uid));
      return answer.used
        ? { kind: 'guest' }
        : { kind: 'guest', freescanUid: uid, ...(answer.auth_token ? { token: answer.auth_token } : {}) };
    } catch {
      // Without an answer the scan goes out bare and the server says what is allowed.
      return { kind: 'guest' };
    }
  }, [loggedIn, uid, queryClient]);

  return { loggedIn, uid, credentials, freeScanOff };
}

/**
 * The scanner on the home page: hero with the form, progress while scanning, then the result view
 * in place of the hero (SPEC §2, §4). `intro` is the hero's headline and copy.
 */
export function ScanSection({ intro }: { intro: ReactNode }) {
  const identity = useScanIdentity();
  const { phase, stage, start, keepRecent, rescan, reset, cancel } = useScanFlow(identity.credentials);
  const queryClient = useQueryClient();
  const finished = phase.name === 'result' || phase.name === 'recent';

  useEffect(() => {
    if (phase.name === 'scanning') preloadResultView();
  }, [phase.name]);

  useEffect(() => {
    // A finished guest scan uses up the free scan: ask the server again before the next one.
    if (finished && !identity.loggedIn) void queryClient.invalidateQueries({ queryKey: freeScanQueryOptions(identity.uid).queryKey });
  }, [finished, identity.loggedIn, identity.uid, queryClient]);

  if (phase.name === 'result') {
    return (
      <section className="scanner scanner--result" aria-label="Scan result">
        <div className="container">
          <LazyResultView result={phase.result} mode="home" showDisabled={identity.loggedIn} onScanAnother={reset} />
          {identity.loggedIn && phase.result.uid && <VerdictReportForm scanUid={phase.result.uid} />}
        </div>
      </section>
    );
  }

  return (
    <section className="scanner hero">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        {intro}
        <div className="hero__scanner">
          {phase.name === 'scanning' ? (
            <ScanProgress form={phase.form} stage={stage} onCancel={cancel} />
          ) : identity.freeScanOff ? (
            <AuthBlock />
          ) : (
            <ScanUrlForm
              loggedIn={identity.loggedIn}
              onScan={start}
              {...(phase.name === 'form' && phase.form ? { initialForm: phase.form } : {})}
              {...(phase.name === 'form' && phase.failure ? { failure: phase.failure } : {})}
            />
          )}
        </div>
      </div>
      {/* The choice comes before any result: the stored one shows only once it is chosen. */}
      {phase.name === 'recent' ? <RecentlyScannedDialog onRecent={keepRecent} onRescan={rescan} /> : null}
    </section>
  );
}
