import type { AlertDelivery, Lookalike, Monitor, MonitorAlertPayload, MonitorCheckInterval, MonitorRun } from '@riskscan/contracts';
import type { DeliveryRow } from '../webhooks/index.ts';
import type { LookalikeEventRow, LookalikeRow } from './lookalikes.repository.ts';
import type { MonitorRow, MonitorRunRow } from './monitors.repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentRun(run: MonitorRunRow): MonitorRun {
  return {
    uid: run.uid,
    status: run.status,
    trigger: run.trigger,
    names_total: run.names_total,
    names_checked: run.names_checked,
    found: run.found,
    started_at: iso(run.started_at),
    finished_at: iso(run.finished_at),
    error: run.error,
  };
}

export function presentMonitor(
  monitor: MonitorRow,
  extra: { checkInterval: MonitorCheckInterval; lookalikes: number; lastRun: MonitorRunRow | undefined; secret?: string },
): Monitor {
  return {
    uid: monitor.uid,
    domain: monitor.domain,
    keywords: monitor.keywords,
    alert_email: monitor.alert_email,
    alert_email_confirmed: monitor.alert_email === null || monitor.alert_email_confirmed_at !== null,
    webhook_url: monitor.webhook_url,
    alert_mode: monitor.alert_mode,
    paused: monitor.paused,
    check_interval: extra.checkInterval,
    ...(extra.secret ? { webhook_secret: extra.secret } : {}),
    created_at: monitor.created_at.toISOString(),
    next_run_at: monitor.paused ? null : monitor.next_run_at.toISOString(),
    lookalikes_count: extra.lookalikes,
    last_run: extra.lastRun ? presentRun(extra.lastRun) : null,
  };
}

export function presentLookalike(row: LookalikeRow, history: LookalikeEventRow[]): Lookalike {
  return {
    domain: row.domain,
    fuzzer: row.fuzzer,
    status: row.status,
    first_seen: row.first_seen.toISOString(),
    last_checked: row.last_checked.toISOString(),
    dns: row.dns,
    registered_at: iso(row.registered_at),
    risk_score: row.risk_score,
    scan_uid: row.scan_uid,
    screenshot_link: row.screenshot_link,
    similarity: { html: row.similarity_html, visual: row.similarity_visual },
    copies: row.copy_of,
    history: history.map((event) => ({ status: event.status, at: event.at.toISOString() })),
  };
}

/** One alert of the monitor's delivery log; mail held for an unconfirmed address shows as pending, as it waits. */
export function presentDelivery(row: DeliveryRow): AlertDelivery {
  return {
    channel: row.channel,
    target: row.target,
    status: row.status === 'held' ? 'pending' : row.status,
    attempts: row.attempts,
    events: (row.payload as MonitorAlertPayload).events.length,
    last_error: row.last_error,
    response_status: row.response_status,
    created_at: row.created_at.toISOString(),
    delivered_at: iso(row.delivered_at),
  };
}
