import { createHash, randomBytes } from 'node:crypto';
import { alertEmailConfirmationMail } from '../mail/index.ts';
import { releaseHeldDeliveries } from '../webhooks/index.ts';
import { recordConfirmationMail } from './alert-confirmation-mails.repository.ts';
import { MonitorInputError } from './monitoring-errors.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { confirmAlertEmail, type MonitorChanges } from './monitors.repository.ts';

export const ALERT_EMAIL_LINK_INVALID = 'The confirmation link is invalid or was used already.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * At most this many confirmation mails reach one address an hour, from every monitor and account
 * together, as activation mails are capped (issue 40): switching a monitor's alert address back
 * and forth must not turn us into a mail cannon. Past it the address still waits for
 * confirmation; an earlier mail's link keeps working until the address changes.
 */
export const CONFIRMATION_MAILS_PER_HOUR = 3;

/** What setting `alert_email` changes on a monitor, and the confirmation mail to send once it is stored. */
export type AlertEmailSetting = {
  changes: Pick<MonitorChanges, 'alert_email' | 'alert_email_confirmed_at' | 'alert_email_token_hash'>;
  sendConfirmation: ((domain: string) => Promise<void>) | null;
};

/**
 * Alerts go to another address than the account's only once that address's owner confirms it
 * from a mailed link (issue 29): otherwise anyone could send our alert mail to anyone. The
 * account's own (verified) address needs no confirmation; an address already confirmed and set
 * again stays confirmed.
 */
export async function alertEmailSetting(
  ctx: MonitoringContext,
  userId: number,
  email: string | null,
  current: { alert_email: string | null; alert_email_confirmed_at: Date | null } | null,
): Promise<AlertEmailSetting> {
  if (email === null)
    return { changes: { alert_email: null, alert_email_confirmed_at: null, alert_email_token_hash: null }, sendConfirmation: null };
  const own = (await ctx.emailOf(userId))?.toLowerCase();
  if (email.toLowerCase() === own) {
    return { changes: { alert_email: email, alert_email_confirmed_at: ctx.now(), alert_email_token_hash: null }, sendConfirmation: null };
  }
  if (current?.alert_email?.toLowerCase() === email.toLowerCase() && current.alert_email_confirmed_at) {
    return { changes: { alert_email: email }, sendConfirmation: null };
  }
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}/api/v1/monitors/alert-email/confirm/${token}/`;
  return {
    changes: { alert_email: email, alert_email_confirmed_at: null, alert_email_token_hash: hashToken(token) },
    sendConfirmation: async (domain) => {
      const sent = await recordConfirmationMail(ctx.db, hashToken(email.toLowerCase()), ctx.now(), 60 * 60_000);
      if (sent > CONFIRMATION_MAILS_PER_HOUR) return;
      await ctx.mailer.send({ to: email, ...alertEmailConfirmationMail(domain, link) });
    },
  };
}

/** Follows a confirmation link: the address waiting for it gets the monitor's alerts from now on, held ones included. */
export async function confirmAlertEmailLink(ctx: MonitoringContext, token: string): Promise<{ alert_email: string | null }> {
  if (token.length > 256) throw new MonitorInputError(null, ALERT_EMAIL_LINK_INVALID);
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    const monitor = await confirmAlertEmail(trx, hashToken(token), ctx.now());
    if (monitor?.alert_email) {
      const held = { kind: 'monitor_alert', sourceId: String(monitor.id), channel: 'email', target: monitor.alert_email } as const;
      await releaseHeldDeliveries(trx, held);
    }
    return monitor;
  });
  if (!confirmed) throw new MonitorInputError(null, ALERT_EMAIL_LINK_INVALID);
  return { alert_email: confirmed.alert_email };
}
