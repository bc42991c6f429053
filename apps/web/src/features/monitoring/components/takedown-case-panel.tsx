import type { TakedownCase, TakedownStatus } from '@riskscan/contracts';
import { useEffect, useRef, useState } from 'react';
import { answerMessage } from '@/lib/api-error-message.ts';
import { downloadFile } from '@/lib/download-file.ts';
import { formatMoment } from '@/lib/format-date.ts';
import { checkTakedown, takedownReport } from '../api/brand-protection.ts';
import { formatTakedownTime } from '../takedown-duration.ts';

export const TAKEDOWN_LABELS: Record<TakedownStatus, string> = { reported: 'Reported', still_up: 'Still up', down: 'Down' };

const orUnknown = (value: string | null) => value ?? 'unknown';

function Contact({ title, name, email, extra }: { title: string; name: string | null; email: string | null; extra?: string | undefined }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>
        {orUnknown(name)}
        {extra && <span className="pk-hint"> ({extra})</span>}
        <br />
        Abuse contact: {email ? <a href={`mailto:${email}`}>{email}</a> : 'not published'}
      </dd>
    </div>
  );
}

/**
 * One takedown case: who to write to, the evidence, the abuse report ready to send (copy it or
 * download it), and whether the site is still up, with "Check now" to look again.
 */
export function TakedownCasePanel({
  monitorUid,
  takedown,
  onChanged,
  focus = false,
}: {
  monitorUid: string;
  takedown: TakedownCase;
  onChanged(updated: TakedownCase): void;
  /** Just prepared: its heading takes the focus, so keyboard and screen reader users land on it. */
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reportId = `takedown-report-${takedown.uid}`;
  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(answerMessage(failure));
    }
  };
  const check = () =>
    run(async () => {
      setBusy(true);
      try {
        const updated = await checkTakedown(monitorUid, takedown.uid);
        setNotice(`Checked: ${TAKEDOWN_LABELS[updated.status].toLowerCase()}.`);
        onChanged(updated);
      } finally {
        setBusy(false);
      }
    });
  const download = (format: 'txt' | 'pdf') =>
    run(async () => {
      const file = await takedownReport(monitorUid, takedown.uid, format);
      downloadFile(`takedown-${takedown.domain}.${format}`, file, format === 'pdf' ? 'application/pdf' : 'text/plain');
    });
  const copy = () =>
    run(async () => {
      await navigator.clipboard.writeText(takedown.report);
      setNotice('Report copied.');
    });
  const { registrar, hosting, evidence } = takedown;

  return (
    <article className="takedown-case" aria-labelledby={`takedown-${takedown.uid}`}>
      <div className="profile-panel__head">
        <h4 id={`takedown-${takedown.uid}`} ref={heading} tabIndex={-1}>
          Takedown of {takedown.domain}
        </h4>
        <span className={`takedown-status takedown-status--${takedown.status}`}>{TAKEDOWN_LABELS[takedown.status]}</span>
      </div>
      <p className="pk-hint">
        Reported {formatMoment(takedown.reported_at)}
        {takedown.last_checked_at && ` · last checked ${formatMoment(takedown.last_checked_at)} (${takedown.checks} checks)`}
      </p>
      {takedown.status === 'down' && takedown.time_to_takedown_seconds !== null && (
        <p className="takedown-case__down">
          <strong>Taken down in {formatTakedownTime(takedown.time_to_takedown_seconds)}</strong>
          {takedown.down_at && ` (down since ${formatMoment(takedown.down_at)})`}
        </p>
      )}
      <dl className="takedown-case__contacts">
        <Contact
          title="Registrar"
          name={registrar.name}
          email={registrar.abuse_email}
          extra={registrar.registered_at ? `registered ${formatMoment(registrar.registered_at)}` : undefined}
        />
        <Contact
          title="Hosting network"
          name={hosting.name}
          email={hosting.abuse_email}
          extra={[hosting.network, hosting.range, hosting.country].filter(Boolean).join(', ') || undefined}
        />
      </dl>
      <h5>Evidence</h5>
      {evidence.reasons.length > 0 && (
        <ul aria-label="Reasons">
          {evidence.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <p className="pk-hint">
        Risk {evidence.risk_score ?? 'not scored'}
        {evidence.ip && ` · IP ${evidence.ip}`}
        {evidence.final_url && ` · final URL ${evidence.final_url}`}
        {evidence.certificate?.issuer && ` · certificate from ${evidence.certificate.issuer}`}
      </p>
      {evidence.screenshot_link && (
        <img className="takedown-case__shot" src={evidence.screenshot_link} alt={`Screenshot of ${takedown.domain}`} loading="lazy" />
      )}
      <ol className="lookalike-timeline" aria-label="Timeline">
        {evidence.timeline.map((entry) => (
          <li key={`${entry.at}-${entry.event}`}>
            <time dateTime={entry.at}>{formatMoment(entry.at)}</time>: {entry.event}
          </li>
        ))}
      </ol>
      <label htmlFor={reportId}>Abuse report</label>
      <textarea id={reportId} className="takedown-case__report" readOnly rows={10} value={takedown.report} />
      <div className="profile-panel__tools takedown-case__tools">
        <button type="button" className="pk-button pk-button--ghost" onClick={() => void copy()}>
          Copy report
        </button>
        <button type="button" className="pk-button pk-button--ghost" onClick={() => void download('txt')}>
          Download .txt
        </button>
        <button type="button" className="pk-button pk-button--ghost" onClick={() => void download('pdf')}>
          Download .pdf
        </button>
        <button type="button" className="pk-button" disabled={busy} onClick={() => void check()}>
          {busy ? 'Checking…' : 'Check now'}
        </button>
      </div>
      <p className="pk-hint" role="status" aria-live="polite">
        {notice}
      </p>
      {error && (
        <p className="pk-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
