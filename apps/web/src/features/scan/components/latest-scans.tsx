import { riskLevelForScore, scanPermalink } from '@riskscan/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { riskClass } from '@/components/scan-result/risk-level.ts';
import { ScannedPageLink } from '@/components/scan-result/scanned-page-link.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import '@/components/scan-result/risk-colors.css';
import { useRecentScans } from '../api/recent-scans.ts';
import { formatClock } from '../model/clock.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { shortUrl } from '../model/short-url.ts';
import { RecentScanModal } from './recent-scan-modal.tsx';
import './latest-scans.css';

const SKELETON_ROWS = 5;
const BOARD_COLUMNS = ['URL', 'Time', 'Risk', 'View'];
/** A skeleton bar a column: the URL and time long, the score and buttons short. */
const SKELETON_CELLS = ['skeleton', 'skeleton', 'skeleton skeleton--short', 'skeleton skeleton--short'];

function LinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** SPEC §2 Latest Scans: refreshes every 20 s, skeleton rows until there is history. */
export function LatestScans({ showDisabled }: { showDisabled: boolean }) {
  const scans = useRecentScans();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const rows = scans.data ?? [];
  const updatedAt = scans.dataUpdatedAt ? new Date(scans.dataUpdatedAt) : null;

  return (
    <section className="latest-scans" aria-labelledby="latest-scans-title">
      <div className="container">
        <div className="latest-scans__head">
          <h2 id="latest-scans-title">Latest Scans</h2>
          <p className="latest-scans__status" aria-live="polite">
            Updates every 20s ·{' '}
            {scans.isFetching || !updatedAt ? (
              <span className="latest-scans__updating">updating</span>
            ) : (
              <span>Last update {formatClock(updatedAt)}</span>
            )}
          </p>
        </div>
        <DataTable caption="Latest public scans" columns={BOARD_COLUMNS} className="latest-scans__table" stacked={false}>
          {rows.length === 0
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} className="skeleton-row" aria-hidden="true">
                  {SKELETON_CELLS.map((cell, column) => (
                    <td key={column}>
                      <span className={cell} />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((scan) => (
                <tr key={scan.uid}>
                  <td className="data-table__url latest-scans__url">
                    <ScannedPageLink url={scan.url} score={scan.overall_risk_score} scanUid={scan.uid} title={scan.url}>
                      {shortUrl(scan.url)}
                    </ScannedPageLink>
                  </td>
                  <td className="data-table__figure latest-scans__time">
                    <LocalTime iso={scan.date} />
                  </td>
                  <td>
                    <span className={`score-chip ${riskClass(riskLevelForScore(scan.overall_risk_score))}`}>{scan.overall_risk_score}</span>
                  </td>
                  <td>
                    <div className="latest-scans__view">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`View the scan of ${scan.url}`}
                        onClick={() => setOpenUid(scan.uid)}
                      >
                        <EyeIcon />
                      </button>
                      <Link className="icon-button" to={scanPermalink(scan.uid)} aria-label={`Permalink of the scan of ${scan.url}`}>
                        <LinkIcon />
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
        </DataTable>
        {scans.isSuccess && rows.length === 0 ? (
          <p className="latest-scans__empty">No public scans yet: scan a URL and it appears here.</p>
        ) : null}
        {scans.isError && rows.length === 0 ? (
          <p className="latest-scans__empty" role="alert">
            The latest scans could not be loaded; the board tries again every 20 seconds.
          </p>
        ) : null}
      </div>
      {openUid ? <RecentScanModal uid={openUid} showDisabled={showDisabled} onClose={() => setOpenUid(null)} /> : null}
    </section>
  );
}
