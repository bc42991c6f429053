import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, Link } from 'react-router';
import { applyRouteMeta } from '@/app/route-meta.ts';
import { LazyResultView } from '@/components/scan-result/lazy-result-view.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { downloadScan, scanPermalinkQuery, type ExportFormat } from '../api/scan-permalink.ts';
import './scan-permalink.css';

/** What a failed download means for the reader, and what to do next. */
function downloadProblem(error: unknown, loggedIn: boolean): string {
  if (!loggedIn || (error instanceof ApiError && error.status === 401)) return 'Sign in to download the report.';
  const detail = ApiError.describe(error instanceof ApiError ? error.body : null);
  if (detail) return detail;
  return 'The download failed. Please try again in a moment.';
}

function ScanDownloads({ uid, loggedIn }: { uid: string; loggedIn: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
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
      <div className="permalink-downloads__actions">
        <button type="button" className="button button--ghost" onClick={() => void save('json')}>
          JSON
        </button>
        <button type="button" className="button button--ghost" onClick={() => void save('csv')}>
          CSV
        </button>
        <button type="button" className="button button--ghost" onClick={() => void save('har')}>
          HAR (requests)
        </button>
        <button type="button" className="button button--ghost" onClick={() => void save('dom')}>
          DOM (HTML)
        </button>
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
      {scan.isPending ? <ProgressBar label="Loading the scan" /> : null}
      {scan.isError ? (
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
