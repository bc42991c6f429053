import { HUNT_SOURCES, LOG_FORMATS, type LogFormat, TRIAGE_LOG_MAX_BYTES } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DataTable } from '@/components/ui/data-table.tsx';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { RiskBadge } from '@/components/ui/risk-badge.tsx';
import { downloadFile } from '@/lib/download-file.ts';
import { huntLog, type HuntOutcome } from '../api/retro-hunt.ts';
import { filterVisits, huntCsv, type HuntFilter, NO_FILTER, SOURCE_NAMES } from '../hunt/hunt-filter.ts';
import '@/lib/page-kit/profile-panel.css';
import '../triage.css';

const FORMAT_NAMES: Record<LogFormat, string> = {
  auto: 'Detect from the content',
  squid: 'Squid access.log',
  combined: 'Combined (Apache, nginx)',
  zeek: 'Zeek http.log',
  elff: 'ELFF (Blue Coat, W3C)',
  zscaler: 'Zscaler NSS',
  cef: 'ArcSight CEF',
  jsonl: 'JSON lines',
  template: 'Squid logformat (give the template)',
};
const VISIT_COLUMNS = ['Time', 'Client', 'Host', 'URL', 'Verdict', 'Why', 'Found by'] as const;
const LEVELS = [
  { label: 'Every flagged visit', minScore: 0 },
  { label: 'Normal and worse (40+)', minScore: 40 },
  { label: 'Risky and Danger (60+)', minScore: 60 },
  { label: 'Danger only (80+)', minScore: 80 },
] as const;

/**
 * Profile › Log hunt: upload a proxy log, and see which visits went to pages the URL verdict,
 * the reputation feeds, our own scans or the account's watched look-alikes flag; filter them and
 * export what is left. Everything from the log is shown as text, never as a link.
 */
export default function HuntSection() {
  const [format, setFormat] = useState<LogFormat>('auto');
  const [template, setTemplate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const hunt = useMutation({
    mutationFn: ({ log, as, layout }: { log: File; as: LogFormat; layout: string }) => huntLog(log, as, layout),
  });
  const tooLarge = file !== null && file.size > TRIAGE_LOG_MAX_BYTES;

  return (
    <section className="profile-panel pk-card" aria-labelledby="hunt-title">
      <div className="profile-panel__head">
        <h2 id="hunt-title">Log hunt</h2>
      </div>
      <p>Upload a proxy log (text or gzip): every visited host is judged, and the visits to dangerous pages are listed.</p>
      <form
        className="hunt-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (file && !tooLarge) hunt.mutate({ log: file, as: format, layout: template });
        }}
      >
        <label htmlFor="hunt-file">Proxy log</label>
        <input
          id="hunt-file"
          type="file"
          accept=".log,.txt,.gz,.json,.jsonl,.csv,text/plain,application/gzip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <label htmlFor="hunt-format">Format</label>
        <select id="hunt-format" value={format} onChange={(event) => setFormat(event.target.value as LogFormat)}>
          {LOG_FORMATS.map((name) => (
            <option key={name} value={name}>
              {FORMAT_NAMES[name]}
            </option>
          ))}
        </select>
        {format === 'template' && (
          <>
            <label htmlFor="hunt-template">Template (the logformat line of squid.conf)</label>
            <input
              id="hunt-template"
              type="text"
              required
              maxLength={1000}
              spellCheck={false}
              placeholder="%ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt"
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
            />
          </>
        )}
        <button type="submit" className="pk-button" disabled={!file || tooLarge || hunt.isPending}>
          {hunt.isPending ? 'Hunting…' : 'Start the hunt'}
        </button>
      </form>
      {tooLarge && <p role="alert">The log is larger than 1 GB.</p>}
      {hunt.isPending && (
        <div className="hunt-progress">
          <ProgressBar label="Reading the log and judging its hosts" />
          <p aria-live="polite">Uploading {file?.name} and judging every host it visited. A large log takes a few minutes.</p>
        </div>
      )}
      {hunt.isError && <p role="alert">{hunt.error.message}</p>}
      {hunt.data && <HuntResults outcome={hunt.data} />}
    </section>
  );
}

function HuntResults({ outcome }: { outcome: HuntOutcome }) {
  const [filter, setFilter] = useState<HuntFilter>(NO_FILTER);
  const ids = useId();
  const shown = filterVisits(outcome.visits, filter);
  const { summary } = outcome;
  return (
    <div className="hunt-results" aria-live="polite">
      <h3>Results</h3>
      {outcome.error && <p role="alert">The hunt stopped early: {outcome.error}</p>}
      {summary && (
        <dl className="triage-facts">
          <dt>Read as</dt>
          <dd>{summary.format}</dd>
          <dt>Lines</dt>
          <dd>
            {summary.lines} ({summary.unparsed} not readable as visits, {summary.skipped.no_host} without a host,{' '}
            {summary.skipped.header + summary.skipped.blank} headers or blank)
          </dd>
          <dt>Visits</dt>
          <dd>
            {summary.visits} to {summary.hosts} hosts
          </dd>
          <dt>Flagged</dt>
          <dd>
            {summary.flagged_visits} visits to {summary.flagged_hosts.length} hosts
          </dd>
        </dl>
      )}
      {outcome.visits.length === 0 ? (
        <p>Nothing found: no visit in this log went to a page riskscan flags.</p>
      ) : (
        <>
          <div className="hunt-filters" role="group" aria-label="Filter the flagged visits">
            <label htmlFor={`${ids}-level`}>Verdict</label>
            <select
              id={`${ids}-level`}
              value={filter.minScore}
              onChange={(event) => setFilter({ ...filter, minScore: Number(event.target.value) })}
            >
              {LEVELS.map((level) => (
                <option key={level.minScore} value={level.minScore}>
                  {level.label}
                </option>
              ))}
            </select>
            <label htmlFor={`${ids}-source`}>Found by</label>
            <select
              id={`${ids}-source`}
              value={filter.source}
              onChange={(event) => setFilter({ ...filter, source: event.target.value as HuntFilter['source'] })}
            >
              <option value="any">Any source</option>
              {HUNT_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_NAMES[source]}
                </option>
              ))}
            </select>
            <label htmlFor={`${ids}-host`}>Host contains</label>
            <input
              id={`${ids}-host`}
              type="search"
              value={filter.host}
              onChange={(event) => setFilter({ ...filter, host: event.target.value })}
            />
          </div>
          <div className="profile-panel__tools">
            <p>
              {shown.length} of {outcome.visits.length} flagged visits
            </p>
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() => downloadFile('riskscan-hunt.csv', huntCsv(shown), 'text/csv')}
              disabled={shown.length === 0}
            >
              Export CSV
            </button>
            <button
              type="button"
              className="pk-button pk-button--ghost"
              onClick={() =>
                downloadFile('riskscan-hunt.json', `${JSON.stringify({ summary, visits: shown }, null, 2)}\n`, 'application/json')
              }
              disabled={shown.length === 0}
            >
              Export JSON
            </button>
          </div>
          <DataTable caption="Flagged visits" columns={VISIT_COLUMNS} className="hunt-visits">
            {shown.map((visit, index) => (
              <tr key={`${index}-${visit.url}`}>
                <td>{visit.time ? <LocalTime iso={visit.time} /> : '—'}</td>
                <td>{visit.client ?? '—'}</td>
                <td>{visit.host}</td>
                <td>
                  <code>{visit.url}</code>
                </td>
                <td>
                  <RiskBadge score={visit.risk_score} />
                </td>
                <td>{visit.reasons[0]?.message ?? '—'}</td>
                <td>{visit.sources.map((source) => SOURCE_NAMES[source]).join(', ')}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </div>
  );
}
