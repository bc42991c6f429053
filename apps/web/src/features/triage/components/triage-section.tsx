import type { TriageEmailResponse, TriageLink } from '@riskscan/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file.ts';
import { triageEmail } from '../api/triage.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { RiskBadge } from '@/components/ui/risk-badge.tsx';
import { linkRows } from '../link-rows.ts';
import { triageCsv, triageJson } from '../triage-export.ts';
import '@/lib/page-kit/profile-panel.css';
import '../triage.css';

const FORWARD_LABELS: Record<TriageEmailResponse['forwarded'][number]['kind'], string> = {
  attached: 'Forwarded message',
  bounce: 'Returned message',
  'feedback-report': 'Reported message',
};

const SOURCE_LABELS = { text: 'Text part', html: 'HTML link', qr: 'QR code', attachment: 'Attachment' } as const;
const MAX_BYTES = 10 * 1024 * 1024;
const LINK_COLUMNS = ['Link', 'Found in', 'Shown as', 'Verdict', 'Why'] as const;

/**
 * Profile › Triage: drop an .eml or an Outlook .msg, or paste a message, see every link, where it came from, whether
 * its text shows another address, and its verdict. Everything from the message is shown as text:
 * React escapes it, and nothing here turns it into markup or a clickable link.
 */
export default function TriageSection() {
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const triage = useMutation({ mutationFn: triageEmail });

  function send(message: Blob | string) {
    const size = typeof message === 'string' ? new Blob([message]).size : message.size;
    setTooLarge(size > MAX_BYTES);
    if (size <= MAX_BYTES) triage.mutate(message);
  }

  return (
    <section className="profile-panel pk-card" aria-labelledby="triage-title">
      <div className="profile-panel__head">
        <h2 id="triage-title">E-mail triage</h2>
      </div>
      <p>Check a suspicious message: every link, QR code and attachment is judged, with the sender checks.</p>
      <div
        className={`triage-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) send(file);
        }}
      >
        <label htmlFor="triage-file">Drop an .eml or .msg file here or choose one</label>
        <input
          id="triage-file"
          type="file"
          accept=".eml,.msg,message/rfc822,application/vnd.ms-outlook"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) send(file);
          }}
        />
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (pasted.trim() !== '') send(pasted);
        }}
      >
        <label htmlFor="triage-paste">Or paste the headers and body</label>
        <textarea id="triage-paste" rows={8} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} />
        <button type="submit" className="pk-button" disabled={triage.isPending || pasted.trim() === ''}>
          {triage.isPending ? 'Checking…' : 'Check message'}
        </button>
      </form>
      {tooLarge && <p role="alert">The message is larger than 10 MB.</p>}
      {triage.isError && <p role="alert">{triage.error.message}</p>}
      {triage.data && <TriageReport triage={triage.data} />}
    </section>
  );
}

function TriageReport({ triage }: { triage: TriageEmailResponse }) {
  const { message } = triage;
  const auth = message.authentication;
  const rows = linkRows(triage.urls);
  return (
    <div className="triage-report" aria-live="polite">
      <div className="profile-panel__head">
        <h3>
          Message <RiskBadge score={triage.risk_score} />
        </h3>
        <div className="profile-panel__tools">
          <button
            type="button"
            className="pk-button pk-button--ghost"
            onClick={() => downloadFile('triage.csv', triageCsv(triage), 'text/csv')}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="pk-button pk-button--ghost"
            onClick={() => downloadFile('triage.json', triageJson(triage), 'application/json')}
          >
            Export JSON
          </button>
        </div>
      </div>
      <dl className="triage-facts">
        <dt>From</dt>
        <dd>{message.from ?? '—'}</dd>
        <dt>Reply-To</dt>
        <dd>{message.reply_to ?? '—'}</dd>
        <dt>Subject</dt>
        <dd>{message.subject ?? '—'}</dd>
        <dt>Sender checks</dt>
        <dd>
          SPF {auth.spf ?? 'not reported'}, DKIM {auth.dkim ?? 'not reported'}, DMARC {auth.dmarc ?? 'not reported'}
        </dd>
      </dl>
      {triage.reasons.length > 0 && (
        <ul className="triage-reasons">
          {triage.reasons.map((reason) => (
            <li key={reason.code}>{reason.message}</li>
          ))}
        </ul>
      )}
      {triage.forwarded.length > 0 && (
        <>
          <h3>Messages inside ({triage.forwarded.length})</h3>
          <ul className="triage-forwarded">
            {triage.forwarded.map((inner) => (
              <li key={inner.index}>
                <RiskBadge score={inner.risk_score} /> {FORWARD_LABELS[inner.kind]} from {inner.from ?? 'an unknown sender'}
                {inner.subject ? ` · ${inner.subject}` : ''} · SPF {inner.authentication.spf ?? 'not reported'}, DMARC{' '}
                {inner.authentication.dmarc ?? 'not reported'}
              </li>
            ))}
          </ul>
        </>
      )}
      {triage.limits.length > 0 && (
        <ul className="triage-limits">
          {triage.limits.map((limit) => (
            <li key={limit.name}>{limit.message}</li>
          ))}
        </ul>
      )}
      <h3>Links ({rows.length})</h3>
      {rows.length === 0 ? (
        <p>No links found.</p>
      ) : (
        <DataTable caption="Links in the message and their verdicts" columns={LINK_COLUMNS} className="triage-links">
          {rows.map(({ link, sources }) => (
            <tr key={link.url}>
              <td className="triage-link">
                <code>{link.url}</code>
                {link.expansion && <Expansion expansion={link.expansion} />}
              </td>
              <td>{sources.map((source) => SOURCE_LABELS[source]).join(', ')}</td>
              <td>
                {link.display_text ?? '—'}
                {link.mismatch && <strong className="triage-mismatch"> Shows another address</strong>}
              </td>
              <td>
                <RiskBadge score={link.verdict.risk_score} />
              </td>
              <td>{link.verdict.reasons[0]?.message ?? 'Nothing found'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {triage.attachments.length > 0 && (
        <>
          <h3>Attachments ({triage.attachments.length})</h3>
          <ul className="triage-attachments">
            {triage.attachments.map((file) => (
              <li key={file.sha256}>
                {file.filename ?? '(no name)'} · {file.content_type} · {new Intl.NumberFormat('en-US').format(file.size)} bytes
                {file.risky_type && <strong> · risky: {file.risky_type}</strong>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Where a short link leads (or why that is unknown), as text under the short link. */
function Expansion({ expansion }: { expansion: NonNullable<TriageLink['expansion']> }) {
  return (
    <p className="triage-expansion">
      {expansion.final_url ? (
        <>
          Leads to <code>{expansion.final_url}</code>
        </>
      ) : (
        <>Where it leads is unknown: {expansion.error}</>
      )}
    </p>
  );
}
