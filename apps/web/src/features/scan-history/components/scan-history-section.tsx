import { scanPermalink, type ScanVisibility } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '@/lib/page-kit/pagination.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { useSession } from '@/lib/session.ts';
import { scanHistoryQuery } from '../api/scan-history.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { RiskBadge } from '@/components/ui/risk-badge.tsx';
import { ScanReportDialog } from '@/components/scan-result/scan-report-dialog.tsx';
import { historyCsv, historyJson } from '../history-export.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { downloadFile } from '@/lib/download-file.ts';
import '@/lib/page-kit/profile-panel.css';

/** SPEC §9: the history shows 10 scans at a time. */
export const HISTORY_PAGE_SIZE = 10;

const HISTORY_COLUMNS = ['URL', 'Date', 'Visibility', 'Risk', 'Result'] as const;
/** Who may see each scan: on the board, by its link only (unlisted), or only its owner. */
const VISIBILITY_NAMES: Record<ScanVisibility, string> = { public: 'Public', unlisted: 'Unlisted (link only)', private: 'Private' };

export function ScanHistorySection() {
  const userUid = useSession((s) => s.user?.uid ?? '');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const history = useQuery(scanHistoryQuery(page, userUid));
  const rows = history.data?.results ?? [];
  const pageCount = Math.ceil((history.data?.count ?? 0) / HISTORY_PAGE_SIZE);

  return (
    <section className="profile-panel pk-card" aria-labelledby="history-title">
      <div className="profile-panel__head">
        <h2 id="history-title">Scan history</h2>
        {rows.length > 0 && (
          <div className="profile-panel__tools">
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() => downloadFile(`scan-history-${page}.csv`, historyCsv(rows), 'text/csv')}
            >
              Export CSV
            </button>
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() => downloadFile(`scan-history-${page}.json`, historyJson(rows), 'application/json')}
            >
              Export JSON
            </button>
          </div>
        )}
      </div>
      {history.isPending ? (
        <Skeleton lines={6} label="Loading scan history" />
      ) : history.isError ? (
        <p className="pk-error">Your scan history could not be loaded. Please try again later.</p>
      ) : rows.length === 0 ? (
        <p className="pk-hint">
          No scans yet. <Link to="/">Scan a URL</Link> and it will appear here.
        </p>
      ) : (
        <DataTable caption="Your scans" columns={HISTORY_COLUMNS} className="profile-history">
          {rows.map((row) => (
            <tr key={row.uid}>
              <td className="profile-table__url" title={row.url}>
                {row.url}
              </td>
              <td>
                <LocalTime iso={row.date} />
              </td>
              <td>{row.visibility ? VISIBILITY_NAMES[row.visibility] : '—'}</td>
              <td>
                <RiskBadge score={row.overall_risk_score} />
              </td>
              <td>
                <button
                  type="button"
                  className="profile-link-button"
                  onClick={() => setOpen(row.uid)}
                  aria-label={`View result for ${row.url}`}
                >
                  View
                </button>{' '}
                <Link className="profile-link-button" to={scanPermalink(row.uid)} aria-label={`Permalink of the result for ${row.url}`}>
                  Permalink
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="History pages" />
      {open && <ScanReportDialog uid={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
