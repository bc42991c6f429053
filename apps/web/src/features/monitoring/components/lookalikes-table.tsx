import { isTakedownWorthy, LOOKALIKE_STATUSES, type Lookalike, type LookalikeStatus } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file.ts';
import { Pagination } from '@/lib/page-kit/pagination.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { lookalikesQuery } from '../api/monitors.ts';
import { brandPagesQuery, prepareTakedown, takedownsQuery } from '../api/brand-protection.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { CopyFinding } from './copy-finding.tsx';
import { lookalikesCsv, lookalikesJson } from '../monitoring-export.ts';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { LookalikeDialog } from './lookalike-dialog.tsx';
import { RiskBadge } from '@/components/ui/risk-badge.tsx';
import { ScanReportDialog } from '@/components/scan-result/scan-report-dialog.tsx';
import { STATUS_LABELS, StatusChip } from './status-chip.tsx';
import '@/lib/page-kit/profile-panel.css';
import { DataTable } from '@/components/ui/data-table.tsx';

const LOOKALIKE_COLUMNS = ['Domain', 'Status', 'First seen', 'Screenshot', 'Risk', 'Details'] as const;

/** The server's page size for look-alikes. */
const PAGE_SIZE = 50;

/** The look-alikes of one watched domain: filter by status, export what is shown, open one in detail. */
export function LookalikesTable({
  monitorUid,
  domain,
  run,
  onTakedownPrepared,
}: {
  monitorUid: string;
  domain: string;
  run: string;
  onTakedownPrepared(caseUid: string): void;
}) {
  const [status, setStatus] = useState<LookalikeStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Lookalike | null>(null);
  const [scan, setScan] = useState<string | null>(null);
  const lookalikes = useQuery(lookalikesQuery(monitorUid, status, page, run));
  const pages = useQuery(brandPagesQuery(monitorUid)).data ?? [];
  const queryClient = useQueryClient();
  const [preparing, setPreparing] = useState<string | null>(null);
  const [takedownError, setTakedownError] = useState<{ domain: string; message: string } | null>(null);
  const takedown = async (domain: string) => {
    setPreparing(domain);
    setTakedownError(null);
    try {
      const made = await prepareTakedown(monitorUid, domain);
      await queryClient.invalidateQueries({ queryKey: takedownsQuery(monitorUid).queryKey });
      onTakedownPrepared(made.uid);
    } catch (failure) {
      setTakedownError({ domain, message: answerMessage(failure, 'domain') });
    } finally {
      setPreparing(null);
    }
  };
  const rows = lookalikes.data?.results ?? [];
  const filterId = `status-filter-${monitorUid}`;

  return (
    <div className="lookalikes">
      <div className="profile-panel__tools">
        <label htmlFor={filterId}>Status</label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as LookalikeStatus | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {LOOKALIKE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        {rows.length > 0 && (
          <>
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() => downloadFile(`lookalikes-${domain}.csv`, lookalikesCsv(rows), 'text/csv')}
            >
              Export CSV
            </button>
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() => downloadFile(`lookalikes-${domain}.json`, lookalikesJson(rows), 'application/json')}
            >
              Export JSON
            </button>
          </>
        )}
      </div>
      {lookalikes.isPending ? (
        <Skeleton lines={4} label="Loading look-alikes" />
      ) : lookalikes.isError ? (
        <p className="pk-error">The look-alikes could not be loaded. Please try again later.</p>
      ) : rows.length === 0 ? (
        <p className="pk-hint">
          {status ? `No ${STATUS_LABELS[status].toLowerCase()} look-alikes.` : 'No registered look-alikes found yet.'}
        </p>
      ) : (
        <DataTable caption={`Look-alikes of ${domain}`} columns={LOOKALIKE_COLUMNS}>
          {rows.map((row) => (
            <tr key={row.domain}>
              <td className="profile-table__url">
                {row.domain}
                <CopyFinding lookalike={row} pages={pages} />
              </td>
              <td>
                <StatusChip status={row.status} />
              </td>
              <td>
                <LocalTime iso={row.first_seen} day />
              </td>
              <td>
                {row.screenshot_link ? (
                  <img className="lookalike-thumb" src={row.screenshot_link} alt={`Screenshot of ${row.domain}`} loading="lazy" />
                ) : (
                  <span className="pk-hint">—</span>
                )}
              </td>
              <td>{row.risk_score === null ? <span className="pk-hint">—</span> : <RiskBadge score={row.risk_score} />}</td>
              <td>
                <button type="button" className="profile-link-button" onClick={() => setOpen(row)} aria-label={`Details of ${row.domain}`}>
                  Details
                </button>
                {isTakedownWorthy(row) && (
                  <button
                    type="button"
                    className="pk-button pk-button--ghost"
                    disabled={preparing === row.domain}
                    aria-label={`Prepare takedown of ${row.domain}`}
                    aria-describedby={takedownError?.domain === row.domain ? `takedown-error-${row.domain}` : undefined}
                    onClick={() => void takedown(row.domain)}
                  >
                    {preparing === row.domain ? 'Preparing…' : 'Prepare takedown'}
                  </button>
                )}
                {takedownError?.domain === row.domain && (
                  <p className="pk-error" id={`takedown-error-${row.domain}`} role="alert">
                    {takedownError.message}
                  </p>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil((lookalikes.data?.count ?? 0) / PAGE_SIZE)}
        onPageChange={setPage}
        label="Look-alike pages"
      />
      {open && (
        <LookalikeDialog
          lookalike={open}
          pages={pages}
          onClose={() => setOpen(null)}
          onOpenScan={(uid) => {
            setOpen(null);
            setScan(uid);
          }}
        />
      )}
      {scan && <ScanReportDialog uid={scan} onClose={() => setScan(null)} />}
    </div>
  );
}
