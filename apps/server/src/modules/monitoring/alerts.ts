import { randomUUID } from 'node:crypto';
import type { MonitorAlertPayload } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { monitorAlertMail } from '../mail/index.ts';
import { type DeliverySender, type NewDelivery, queueDeliveries } from '../webhooks/index.ts';
import { markDigested, takeUnalertedEvents } from './alert-batches.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { findMonitorById, type MonitorRow } from './monitors.repository.ts';

/** The profile's Domain monitoring screen, opened on one monitor. */
export const monitoringLink = (publicUrl: string, monitorUid: string) =>
  `${publicUrl.replace(/\/+$/, '')}/profile/monitoring?monitor=${encodeURIComponent(monitorUid)}`;

/**
 * Turns the monitor's events no alert has taken yet into one alert, queued in the delivery log in
 * the same transaction: an e-mail to the account (or `alert_email`, held until that address is
 * confirmed) and, when set, a webhook. Live monitors flush after every run; digest monitors when
 * their hour or day is up.
 */
export async function flushAlerts(ctx: MonitoringContext, monitor: MonitorRow): Promise<number> {
  const email = monitor.alert_email ?? (await ctx.emailOf(monitor.user_id));
  const batch = randomUUID();
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const events = await takeUnalertedEvents(trx, monitor.id, batch);
    if (events.length === 0) return 0;
    const payload: MonitorAlertPayload = {
      type: 'monitor.alert',
      monitor: { uid: monitor.uid, domain: monitor.domain },
      events: events.map((event) => ({
        domain: event.domain,
        kind: event.previous_status === null ? 'new' : 'transition',
        status: event.status,
        previous_status: event.previous_status,
        risk_score: event.risk_score,
        scan_uid: event.scan_uid,
        at: event.at.toISOString(),
      })),
    };
    // The batch names this alert: every retry of its webhook carries it as webhook-id.
    const message = {
      kind: 'monitor_alert',
      payload,
      accountId: monitor.user_id,
      sourceId: String(monitor.id),
      batch,
      deliveryId: batch,
    } as const;
    const messages: NewDelivery[] = [
      // Mail to another address than the account's waits for its owner's confirmation (issue 29).
      ...(email
        ? [
            {
              ...message,
              channel: 'email' as const,
              target: email,
              held: monitor.alert_email !== null && !monitor.alert_email_confirmed_at,
            },
          ]
        : []),
      ...(monitor.webhook_url ? [{ ...message, channel: 'webhook' as const, target: monitor.webhook_url }] : []),
    ];
    await queueDeliveries(trx, messages);
    await markDigested(trx, monitor.id, now);
    return events.length;
  });
}

/** Hands every pending message of the delivery log to its job: the monitoring tick and runs call it so alerts go out at once. */
export async function deliverDueAlerts(ctx: MonitoringContext): Promise<void> {
  await ctx.deliveries.deliverDue();
}

/** How alerts are sent: webhooks signed with the monitor's own secret, e-mail written by the mail module. */
export function monitorAlertSender(db: Db, publicUrl: string): DeliverySender {
  return {
    async secret(delivery) {
      return (await findMonitorById(db, Number(delivery.source_id)))?.webhook_secret ?? null;
    },
    mail(delivery) {
      const payload = delivery.payload as MonitorAlertPayload;
      return monitorAlertMail(payload, monitoringLink(publicUrl, payload.monitor.uid));
    },
  };
}
