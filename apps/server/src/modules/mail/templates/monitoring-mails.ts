import type { MonitorAlertPayload } from '@riskscan/contracts';
import { type MailContent, renderMail } from './mail-layout.ts';

const STATUS_WORDS: Record<MonitorAlertPayload['events'][number]['status'], string> = {
  registered: 'registered',
  parked: 'parked',
  live: 'live',
  suspicious: 'suspicious',
  gone: 'gone',
};

function line(event: MonitorAlertPayload['events'][number]): readonly [string, string] {
  const risk = event.risk_score === null ? '' : `, risk ${event.risk_score}/100`;
  const what = event.kind === 'new' ? `new, ${STATUS_WORDS[event.status]}` : `${event.previous_status} → ${STATUS_WORDS[event.status]}`;
  return [event.domain, `${what}${risk}`];
}

/** Asks the owner of an alert address whether they want a monitor's alerts (nothing is sent before). */
export function alertEmailConfirmationMail(domain: string, confirmLink: string): MailContent {
  return renderMail(`Confirm look-alike alerts for ${domain}`, 'Confirm this alert address', [
    {
      paragraph: `A riskscan user asked for alerts about look-alikes of ${domain} to be sent to this address. Nothing is sent until you confirm; if you did not expect this, ignore this e-mail.`,
    },
    { action: { label: 'Send me these alerts', href: confirmLink } },
  ]);
}

/** The alert e-mail: every new look-alike and change of one batch, the suspicious ones first. */
export function monitorAlertMail(payload: MonitorAlertPayload, monitorLink: string): MailContent {
  const events = [...payload.events].sort((a, b) => Number(b.status === 'suspicious') - Number(a.status === 'suspicious'));
  const suspicious = events.filter((event) => event.status === 'suspicious');
  const subject = suspicious.length
    ? `Suspicious look-alike of ${payload.monitor.domain}: ${suspicious.map((event) => event.domain).join(', ')}`
    : `${events.length} look-alike change(s) for ${payload.monitor.domain}`;
  return renderMail(subject, `Look-alikes of ${payload.monitor.domain}`, [
    { paragraph: `Domain monitoring found ${events.length} new look-alike(s) or change(s) for ${payload.monitor.domain}:` },
    { rows: events.map(line) },
    { action: { label: 'Open domain monitoring', href: monitorLink } },
  ]);
}
