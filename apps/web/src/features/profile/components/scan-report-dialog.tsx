import { useQuery } from '@tanstack/react-query';
import { Modal } from '@/components/ui/modal.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { scanHistoryDetailQuery } from '../api/scan-history.ts';
import { formatMoment } from '../profile-format.ts';
import { RiskBadge } from './risk-badge.tsx';

/** One past scan in brief: score, classifications, AI summary and each category's score and findings. */
export function ScanReportDialog({ uid, onClose }: { uid: string; onClose(): void }) {
  const detail = useQuery(scanHistoryDetailQuery(uid));
  const report = detail.data?.data;
  return (
    <Modal title="Scan result" size="large" onClose={onClose}>
      {detail.isPending && <ProgressBar label="Loading scan" />}
      {detail.isError && <p className="pk-error">This scan could not be loaded.</p>}
      {report && detail.data && (
        <div className="scan-report">
          <p className="scan-report__url">
            <a href={report.url} target="_blank" rel="noopener noreferrer nofollow">
              {report.url}
            </a>
          </p>
          <p className="pk-hint">
            {formatMoment(detail.data.date)} · scanned from {report.geo_location.country_name}
          </p>
          <p>
            Overall risk: <RiskBadge score={report.overall_risk} />
          </p>
          {report.classification.length > 0 && (
            <ul className="scan-report__tags">
              {report.classification.map((c) => (
                <li key={c.name} title={c.description}>
                  {c.name}
                </li>
              ))}
            </ul>
          )}
          {report.ai_analysis && <p className="scan-report__ai">{report.ai_analysis}</p>}
          {report.checks.map((category) => (
            <details key={category.category} className="scan-report__category">
              <summary>
                {category.category} <span>{category.risk_score} / 100</span>
              </summary>
              <ul>
                {category.details
                  .filter((d) => d.is_active)
                  .map((d) => (
                    <li key={d.name}>
                      <strong>{d.title}</strong>: {d.message} <span className="pk-hint">({d.risk_score} / 100)</span>
                    </li>
                  ))}
              </ul>
            </details>
          ))}
        </div>
      )}
    </Modal>
  );
}
