import type { BrandPage, Lookalike } from '@riskscan/contracts';
import { Modal } from '@/components/ui/modal.tsx';
import { formatMoment } from '@/lib/format-date.ts';
import { StatusChip } from './status-chip.tsx';
import { CopyFinding } from './copy-finding.tsx';

const percent = (value: number | null) => (value === null ? 'not measured' : `${value} %`);

/** One look-alike in full: its lifecycle as a timeline, its DNS answers, similarity and the scan that judged it. */
export function LookalikeDialog({
  lookalike,
  pages,
  onOpenScan,
  onClose,
}: {
  lookalike: Lookalike;
  /** The brand's own pages, to show the one a copy imitates beside it. */
  pages: readonly BrandPage[];
  onOpenScan(uid: string): void;
  onClose(): void;
}) {
  const records = Object.entries(lookalike.dns).filter(([, values]) => values.length > 0);
  return (
    <Modal title={lookalike.domain} onClose={onClose}>
      <p>
        <StatusChip status={lookalike.status} /> found by <strong>{lookalike.fuzzer}</strong>, first seen{' '}
        {formatMoment(lookalike.first_seen)}.
      </p>
      <CopyFinding lookalike={lookalike} pages={pages} compare />
      <h3>History</h3>
      <ol className="lookalike-timeline" aria-label="Status history">
        {lookalike.history.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            <StatusChip status={entry.status} /> <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
          </li>
        ))}
      </ol>
      <h3>DNS</h3>
      {records.length === 0 ? (
        <p className="pk-hint">No records at the last check.</p>
      ) : (
        <dl className="lookalike-dns">
          {records.map(([type, values]) => (
            <div key={type}>
              <dt>{type.toUpperCase()}</dt>
              <dd>{values.join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="pk-hint">
        Page similarity to your site: {percent(lookalike.similarity.html)} · visual: {percent(lookalike.similarity.visual)} · last checked{' '}
        {formatMoment(lookalike.last_checked)}
      </p>
      {lookalike.scan_uid && (
        <button type="button" className="pk-button" onClick={() => onOpenScan(lookalike.scan_uid!)}>
          View scan{lookalike.risk_score === null ? '' : ` (risk ${lookalike.risk_score})`}
        </button>
      )}
    </Modal>
  );
}
