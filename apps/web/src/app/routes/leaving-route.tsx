import { riskLevelForScore, WEB_ROUTES } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { riskClass } from '@/components/scan-result/risk-level.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { scanPermalinkQuery } from '@/features/scan/api/scan-permalink.ts';
import { useSession } from '@/lib/session.ts';
import '@/components/scan-result/risk-colors.css';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The page a link to a Risky or Danger page opens first: what riskscan found, and the way on only
 * on purpose. The verdict and the address come from the server by the scan's uid (`?scan=`);
 * nothing else in the query string is read, so an edited link cannot change what it says.
 */
export default function LeavingRoute() {
  const [params] = useSearchParams();
  const uid = params.get('scan') ?? '';
  const loggedIn = useSession((state) => state.loggedIn);
  const scan = useQuery({ ...scanPermalinkQuery(uid, loggedIn), enabled: uid !== '' });
  const result = scan.data;
  const report = `${WEB_ROUTES.scanPermalink.replace(':uid', encodeURIComponent(uid))}`;

  if (uid === '' || scan.isError) {
    return (
      <section className="placeholder-screen leaving-warning">
        <h1>Careful: this page may be dangerous</h1>
        <p role="alert">riskscan has no report for this link, so it cannot tell you what the page does.</p>
        <p className="leaving-warning__actions">
          <Link to="/" className="button button--primary">
            Back to safety
          </Link>
        </p>
      </section>
    );
  }
  if (!result) return <ProgressBar label="Loading the report" />;

  const level = riskLevelForScore(result.overall_risk);
  return (
    <section className="placeholder-screen leaving-warning">
      <h1>Careful: this page may be dangerous</h1>
      <p>
        riskscan rated this page <strong className={`score-chip ${riskClass(level)}`}>{level}</strong> ({result.overall_risk} / 100):{' '}
        <span className="break">{result.url}</span>
      </p>
      <p>It may try to steal passwords or card details, or install harmful software. Open it only if you know why you need to.</p>
      <p className="leaving-warning__actions">
        <Link to="/" className="button button--primary">
          Back to safety
        </Link>
        <Link to={report} className="button button--ghost">
          Read the report
        </Link>
        {isWebUrl(result.url) ? (
          <a href={result.url} rel="noopener noreferrer nofollow" className="button button--ghost">
            Open anyway
          </a>
        ) : null}
      </p>
    </section>
  );
}
