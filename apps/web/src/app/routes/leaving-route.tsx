import { riskLevelForScore } from '@riskscan/contracts';
import { Link, useSearchParams } from 'react-router';
import { riskClass } from '@/components/scan-result/risk-level.ts';
import '@/components/scan-result/risk-colors.css';

/** The page a link to a Risky or Danger page opens first: what riskscan found, and the way on only on purpose. */
export default function LeavingRoute() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const score = Number(params.get('score'));
  const level = riskLevelForScore(Number.isFinite(score) ? score : 100);
  const openable = /^https?:\/\//i.test(url);
  return (
    <section className="placeholder-screen leaving-warning">
      <h1>Careful: this page may be dangerous</h1>
      <p>
        riskscan rated this page <strong className={`score-chip ${riskClass(level)}`}>{level}</strong>
        {Number.isFinite(score) ? ` (${score} / 100)` : ''}: <span className="break">{url}</span>
      </p>
      <p>It may try to steal passwords or card details, or install harmful software. Open it only if you know why you need to.</p>
      <p className="leaving-warning__actions">
        <Link to="/" className="button button--primary">
          Back to safety
        </Link>
        {openable ? (
          <a href={url} rel="noopener noreferrer nofollow" className="button button--ghost">
            Open anyway
          </a>
        ) : null}
      </p>
    </section>
  );
}
