import { SCAN_CANCELLED, SCAN_STAGE_LABELS, scanEnded } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, Link } from 'react-router';
import { applyRouteMeta } from '@/lib/route-meta.ts';
import { LazyResultView } from '@/components/scan-result/lazy-result-view.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePlanAllowsExport } from '@/lib/plan-allows-export.ts';
import { useSession } from '@/lib/session.ts';
import { downloadScan, runningScanQuery, scanPermalinkQuery, type ExportFormat } from '../api/scan-permalink.ts';
import { cancelScan } from '../api/scan-progress.ts';
import { CancelScanButton, ScanStages } from '../components/scan-stages.tsx';
import './scan-permalink.css';

/** What a failed download means for the reader, and what to do next. */
function downloadProblem(error: unknown, loggedIn: boolean): string {
  if (!loggedIn || (error instanceof ApiError && error.status === 401)) return 'Sign in to download the report.';
  const detail = ApiError.describe(error instanceof ApiError ? error.body : null);
  if (detail) return detail;
  return 'The download failed. Please try again in a moment.';
}

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'har', label: 'HAR (requests)' },
  { format: 'dom', label: 'DOM (HTML as text)' },
];

/** Before any click, what the plan allows: a guest is asked to sign in, a plan without exports to upgrade. */
function ExportAllowance({ loggedIn, allowed }: { loggedIn: boolean; allowed: boolean | undefined }) {
  if (!loggedIn)
    return (
      <p className="permalink-downloads__note">
        <Link to="/signin">Sign in</Link> to download reports; exports come with the Professional, Business and Ultra plans.
      </p>
    );
  if (allowed === false)
    return (
      <p className="permalink-downloads__note">
        Your plan does not include exports. <Link to="/pricing">Upgrade</Link> to download reports as JSON, CSV, HAR or page text.
      </p>
    );
  return null;
}

function ScanDownloads({ uid, loggedIn }: { uid: string; loggedIn: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const allowed = usePlanAllowsExport(loggedIn);
  async function save(format: ExportFormat) {
    setProblem(null);
    try {
      await downloadScan(uid, format);
    } catch (error) {
      setProblem(downloadProblem(error, loggedIn));
    }
  }
  return (
    <section className="result-card permalink-downloads" aria-labelledby="permalink-downloads-title">
      <h2 id="permalink-downloads-title">Download the report</h2>
      <ExportAllowance loggedIn={loggedIn} allowed={allowed} />
      <div className="permalink-downloads__actions">
        {FORMATS.map(({ format, label }) => (
          <button key={format} type="button" className="button button--ghost" disabled={allowed !== true} onClick={() => void save(format)}>
            {label}
          </button>
        ))}
      </div>
      {problem ? (
        <p role="alert" className="permalink-downloads__problem">
          {problem} {loggedIn ? null : <Link to="/signin">Sign in</Link>}
        </p>
      ) : null}
    </section>
  );
}

/** `/scan/{uid}`: one scan on a page of its own, to share and to download (public scans, and one's own private ones). */
export default function ScanPermalinkRoute() {
  const { uid = '' } = useParams();
  const loggedIn = useSession((state) => state.loggedIn);
  const scan = useQuery(scanPermalinkQuery(uid, loggedIn));
  const result = scan.data;
  // No report (yet): one of the member's scans may still be running (issue 37).
  const running = useQuery(runningScanQuery(uid, loggedIn && scan.isError));
  const job = running.data;
  const queryClient = useQueryClient();
  const jobDone = job?.status === 'done';

  useEffect(() => {
    // The scan just finished: its report is there now.
    if (jobDone) void queryClient.invalidateQueries({ queryKey: scanPermalinkQuery(uid, loggedIn).queryKey });
  }, [jobDone, queryClient, uid, loggedIn]);

  useEffect(() => {
    if (!result) return;
    const level = result.risk_score_text.name;
    applyRouteMeta({
      title: `${level} (${result.overall_risk}/100): ${result.url}`,
      description: `riskscan scanned ${result.url}: risk score ${result.overall_risk}/100, ${level}.`,
    });
  }, [result]);

  return (
    <div className="container permalink">
      {scan.isPending || (scan.isError && running.isLoading) ? <ProgressBar label="Loading the scan" /> : null}
      {scan.isError && job && !scanEnded(job.status) ? (
        <section className="result-card permalink-running" aria-labelledby="permalink-running-title">
          <h1 id="permalink-running-title">Scan in progress</h1>
          <p role="status">
            This scan is still running{job.stage ? `: ${SCAN_STAGE_LABELS[job.stage]}` : ''}. Its report shows here when it is done.
          </p>
          <ScanStages stage={job.stage ?? null} />
          <CancelScanButton
            className="button--ghost"
            onCancel={async () => {
              await cancelScan(uid, { kind: 'session' }).catch(() => undefined);
              await running.refetch();
            }}
          />
        </section>
      ) : null}
      {scan.isError && job?.status === 'cancelled' ? (
        <>
          <h1>Scan cancelled</h1>
          <p role="alert">
            {SCAN_CANCELLED} <Link to="/">Scan a URL</Link>
          </p>
        </>
      ) : null}
      {scan.isError && job?.status === 'failed' ? (
        <>
          <h1>Scan failed</h1>
          <p role="alert">
            This scan could not be completed. <Link to="/">Scan the URL again</Link>
          </p>
        </>
      ) : null}
      {scan.isError && !running.isLoading && !job ? (
        <>
          <h1>Scan not found</h1>
          <p role="alert">
            This scan does not exist or is private. {loggedIn ? null : 'If it is one of yours, sign in to see it.'}{' '}
            <Link to="/">Scan a URL</Link>
          </p>
        </>
      ) : null}
      {result ? (
        <>
          <LazyResultView result={result} mode="permalink" showDisabled={loggedIn} />
          <ScanDownloads uid={uid} loggedIn={loggedIn} />
        </>
      ) : null}
    </div>
  );
}
