import type { Monitor, MonitorRun } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { answerMessage, hasFieldError } from '@/lib/api-error-message.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { monitorQuotaQuery } from '@/lib/monitor-quota-query.ts';
import { addMonitor, checkMonitorNow, deliveriesQuery, monitorsQuery, removeMonitor } from '../api/monitors.ts';
import { LookalikesTable } from './lookalikes-table.tsx';
import { BrandPagesForm } from './brand-pages-form.tsx';
import { TakedownCases } from './takedown-cases.tsx';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { formatMoment } from '@/lib/format-date.ts';
import '@/lib/page-kit/profile-panel.css';
import '../monitoring.css';

const count = new Intl.NumberFormat('en-US');
const isRunning = (run: MonitorRun | null) => run !== null && (run.status === 'queued' || run.status === 'running');

function RunProgress({ run }: { run: MonitorRun | null }) {
  if (!run) return <p className="pk-hint">The first check starts within a minute.</p>;
  if (run.status === 'queued') return <ProgressBar label="Check queued" />;
  if (run.status === 'running') {
    const total = run.names_total ?? 0;
    return (
      <div className="monitor-progress">
        <progress max={total || undefined} value={run.names_checked} aria-label="Names checked" />
        <span className="pk-hint">
          Checking {count.format(run.names_checked)} of {count.format(total)} look-alike names · {count.format(run.found)} registered so far
        </span>
      </div>
    );
  }
  return (
    <p className="pk-hint">
      Last check {run.finished_at ? formatMoment(run.finished_at) : ''}:{' '}
      {run.status === 'done'
        ? `${count.format(run.names_checked)} names, ${count.format(run.found)} registered`
        : `failed (${run.error ?? 'unknown error'})`}
    </p>
  );
}

function AlertLog({ monitorUid, run }: { monitorUid: string; run: string }) {
  const deliveries = useQuery(deliveriesQuery(monitorUid, run));
  const rows = deliveries.data ?? [];
  if (rows.length === 0) return null;
  return (
    <details className="monitor-alerts">
      <summary>Alerts sent ({rows.length})</summary>
      <ul aria-label="Alert deliveries">
        {rows.map((row) => (
          <li key={`${row.channel}-${row.created_at}-${row.target}`}>
            {row.channel === 'email' ? 'E-mail' : 'Webhook'} to {row.target}: {row.events} change(s), {row.status}
            {row.status !== 'delivered' && row.last_error ? ` (${row.last_error}, attempt ${row.attempts})` : ''} ·{' '}
            {formatMoment(row.created_at)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function MonitorCard({ monitor, highlighted, onChanged }: { monitor: Monitor; highlighted: boolean; onChanged(): Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [preparedCase, setPreparedCase] = useState<string | null>(null);
  const running = isRunning(monitor.last_run);
  const run = monitor.last_run ? `${monitor.last_run.uid}:${monitor.last_run.status}` : 'none';
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await onChanged();
    } catch (failure) {
      setError(answerMessage(failure));
    }
  };
  return (
    <article className={`monitor-card${highlighted ? ' monitor-card--highlighted' : ''}`} aria-labelledby={`monitor-${monitor.uid}`}>
      <div className="profile-panel__head">
        <h3 id={`monitor-${monitor.uid}`}>{monitor.domain}</h3>
        <div className="profile-panel__tools">
          <button
            type="button"
            className="pk-button pk-button--ghost"
            disabled={running}
            onClick={() => void act(() => checkMonitorNow(monitor.uid))}
          >
            {running ? 'Checking…' : 'Check now'}
          </button>
          <button
            type="button"
            className="pk-button pk-button--ghost"
            // The visible word first, so speech users can say what they see (WCAG label in name).
            aria-label={`Remove ${monitor.domain}`}
            onClick={() => {
              if (window.confirm(`Stop watching ${monitor.domain}? Its look-alikes and alerts are deleted.`))
                void act(() => removeMonitor(monitor.uid));
            }}
          >
            Remove
          </button>
        </div>
      </div>
      <p className="pk-hint">
        Checked {monitor.check_interval}
        {monitor.keywords.length > 0 && ` · keywords: ${monitor.keywords.join(', ')}`} · alerts{' '}
        {monitor.alert_mode === 'live' ? 'as they happen' : `as an ${monitor.alert_mode} digest`}
        {monitor.alert_email && ` to ${monitor.alert_email}`}
        {monitor.webhook_url && ' · webhook on'}
      </p>
      <RunProgress run={monitor.last_run} />
      {error && <p className="pk-error">{error}</p>}
      <BrandPagesForm monitorUid={monitor.uid} />
      <LookalikesTable monitorUid={monitor.uid} domain={monitor.domain} run={run} onTakedownPrepared={setPreparedCase} />
      <TakedownCases monitorUid={monitor.uid} focusCase={preparedCase} />
      <AlertLog monitorUid={monitor.uid} run={run} />
    </article>
  );
}

/** `brand, shop` → `['brand', 'shop']`: the API's keyword list from what a person types. */
function keywordList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

type MonitorFormErrors = { domain?: string; keywords?: string; alert_email?: string; webhook_url?: string; form?: string };

/** The first message the API gave for `field` (or for one of its items, `keywords.0`). */
function fieldError(failure: unknown, field: string): string | undefined {
  if (hasFieldError(failure, field)) return answerMessage(failure, field);
  const body = (failure as { body?: Record<string, unknown> }).body;
  const item = body && typeof body === 'object' ? Object.keys(body).find((key) => key.startsWith(`${field}.`)) : undefined;
  return item ? answerMessage(failure, item) : undefined;
}

function AddMonitorForm({ onAdded }: { onAdded(monitor: Monitor): Promise<void> }) {
  const [domain, setDomain] = useState('');
  const [keywords, setKeywords] = useState('');
  const [alertEmail, setAlertEmail] = useState('');
  const [webhook, setWebhook] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<MonitorFormErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const monitor = await addMonitor({
        domain,
        keywords: keywordList(keywords),
        ...(alertEmail.trim() ? { alert_email: alertEmail.trim() } : {}),
        ...(webhook.trim() ? { webhook_url: webhook.trim() } : {}),
      });
      setDomain('');
      setKeywords('');
      setAlertEmail('');
      setWebhook('');
      await onAdded(monitor);
    } catch (failure) {
      const fields = (['domain', 'keywords', 'alert_email', 'webhook_url'] as const).map(
        (field) => [field, fieldError(failure, field)] as const,
      );
      const found = Object.fromEntries(fields.filter(([, message]) => message));
      setErrors(Object.keys(found).length > 0 ? found : { form: answerMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="monitor-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField id="monitor-domain" label="Domain to watch" error={errors.domain} hint="Your registrable domain, e.g. example.com">
        {(props) => (
          <input {...props} value={domain} onChange={(event) => setDomain(event.target.value)} required placeholder="example.com" />
        )}
      </FormField>
      <FormField
        id="monitor-keywords"
        label="Keywords (optional)"
        error={errors.keywords}
        hint="Your brand words, separated by commas: look-alikes that contain them are found too"
      >
        {(props) => <input {...props} value={keywords} onChange={(event) => setKeywords(event.target.value)} placeholder="brand, shop" />}
      </FormField>
      <FormField
        id="monitor-alert-email"
        label="Alert e-mail (optional)"
        error={errors.alert_email}
        hint="Alerts go to your account's address otherwise"
      >
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            value={alertEmail}
            onChange={(event) => setAlertEmail(event.target.value)}
            placeholder="soc@example.com"
          />
        )}
      </FormField>
      <FormField id="monitor-webhook" label="Webhook URL (optional)" error={errors.webhook_url} hint="Signed alerts are POSTed here">
        {(props) => (
          <input {...props} type="url" value={webhook} onChange={(event) => setWebhook(event.target.value)} placeholder="https://…" />
        )}
      </FormField>
      {errors.form && <p className="pk-error">{errors.form}</p>}
      <button type="submit" className="pk-button" disabled={busy || domain.trim() === ''}>
        {busy ? 'Please Wait...' : 'Watch domain'}
      </button>
    </form>
  );
}

/** /profile/monitoring: the domains a member watches for look-alikes, what was found and the alerts sent. */
export function DomainMonitoringSection() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const monitors = useQuery(monitorsQuery);
  const quota = useQuery(monitorQuotaQuery);
  const [secret, setSecret] = useState<{ domain: string; value: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['monitors'] });
  const list = monitors.data ?? [];
  const full = quota.data ? quota.data.used >= quota.data.limit : false;

  return (
    <section className="profile-panel pk-card" aria-labelledby="monitoring-title">
      <div className="profile-panel__head">
        <h2 id="monitoring-title">Domain monitoring</h2>
      </div>
      <p className="pk-hint">
        We generate the look-alikes of your domain (typos, homoglyphs, other endings, your keywords), check which are registered, scan the
        live ones as impersonations of your site and alert you to new ones and every change.
      </p>
      {quota.data && (
        <UsageBar label={`Watched domains (checked ${quota.data.check_interval})`} used={quota.data.used} limit={quota.data.limit} />
      )}
      {!full && (
        <AddMonitorForm
          onAdded={async (monitor) => {
            if (monitor.webhook_url && monitor.webhook_secret) setSecret({ domain: monitor.domain, value: monitor.webhook_secret });
            await refresh();
          }}
        />
      )}
      {secret && (
        <p className="monitor-secret" role="status">
          Webhook signing secret for {secret.domain}: <code>{secret.value}</code>. It is shown once; keep it to verify the
          X-Riskscan-Signature header.
        </p>
      )}
      {monitors.isPending ? (
        <Skeleton lines={4} label="Loading watched domains" />
      ) : monitors.isError ? (
        <p className="pk-error">Your watched domains could not be loaded. Please try again later.</p>
      ) : list.length === 0 ? (
        <p className="pk-hint">You do not watch any domain yet.</p>
      ) : (
        list.map((monitor) => (
          <MonitorCard key={monitor.uid} monitor={monitor} highlighted={search.get('monitor') === monitor.uid} onChanged={refresh} />
        ))
      )}
    </section>
  );
}
