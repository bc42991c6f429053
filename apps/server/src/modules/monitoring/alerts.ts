import { randomUUID } from 'node:crypto';
import type { MonitorAlertPayload } from '@riskscan/contracts';
import { deliverWebhook } from '../webhooks/index.ts';
import { claimDueDelivery, recordDeliveryOutcome, takeUnalertedEvents, type AlertDeliveryRow } from './alert-deliveries.repository.ts';
import { monitorAlertMail } from '../mail/index.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { findMonitorById, type MonitorRow } from './monitors.repository.ts';

/** How long one attempt may hold a delivery before another worker may try it. */
const DELIVERY_LOCK_MS = 60_000;

/** The profile's Domain monitoring screen, opened on one monitor. */
export const monitoringLink = (publicUrl: string, monitorUid: string) =>
  `${publicUrl.replace(/\/+$/, '')}/profile/monitoring?monitor=${encodeURIComponent(monitorUid)}`;

/**
 * Turns the monitor's events no alert has taken yet into one alert: an e-mail to the account (or
 * `alert_email`) and, when set, a webhook. Live monitors flush after every run; digest monitors
 * when their hour or day is up.
 */
export async function flushAlerts(ctx: MonitoringContext, monitor: MonitorRow): Promise<number> {
  const email = monitor.alert_email ?? (await ctx.emailOf(monitor.user_id));
  return takeUnalertedEvents(
    ctx.db,
    monitor.id,
    randomUUID(),
    (events) => {
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
      return [
        ...(email ? [{ channel: 'email' as const, target: email, payload }] : []),
        ...(monitor.webhook_url ? [{ channel: 'webhook' as const, target: monitor.webhook_url, payload }] : []),
      ];
    },
    ctx.now(),
  );
}

async function attempt(
  ctx: MonitoringContext,
  delivery: AlertDeliveryRow,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  if (delivery.channel === 'email') {
    try {
      await ctx.mailer.send({
        to: delivery.target,
        ...monitorAlertMail(delivery.payload, monitoringLink(ctx.publicUrl, delivery.payload.monitor.uid)),
      });
      return { ok: true, status: null, error: null };
    } catch (error) {
      return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
  const monitor = await findMonitorById(ctx.db, delivery.monitor_id);
  if (!monitor) return { ok: false, status: null, error: 'The monitor was removed.' };
  // The batch names this alert: every retry of it carries the same webhook-id.
  const outcome = await deliverWebhook(delivery.target, delivery.payload, monitor.webhook_secret, ctx.network, delivery.batch);
  return outcome.ok ? { ok: true, status: outcome.status, error: null } : { ok: false, status: outcome.status, error: outcome.error };
}

/** Sends every due delivery once; a failure is retried with exponential back-off until the attempts run out. */
export async function deliverDueAlerts(ctx: MonitoringContext): Promise<void> {
  for (;;) {
    const delivery = await claimDueDelivery(ctx.db, ctx.now(), DELIVERY_LOCK_MS);
    if (!delivery) return;
    const outcome = await attempt(ctx, delivery);
    const now = ctx.now();
    if (outcome.ok) {
      await recordDeliveryOutcome(ctx.db, delivery.id, {
        status: 'delivered',
        last_error: null,
        response_status: outcome.status,
        delivered_at: now,
      });
      continue;
    }
    const final = delivery.attempts >= ctx.config.alertAttempts;
    ctx.log.warn(
      { deliveryId: delivery.id, channel: delivery.channel, attempt: delivery.attempts, final, error: outcome.error },
      'alert delivery failed',
    );
    await recordDeliveryOutcome(ctx.db, delivery.id, {
      status: final ? 'failed' : 'pending',
      next_attempt_at: new Date(now.getTime() + ctx.config.alertRetryDelayMs * 2 ** (delivery.attempts - 1)),
      last_error: outcome.error,
      response_status: outcome.status,
      delivered_at: null,
    });
  }
}
