import { addDays, dueReminder, REMINDER_DAYS } from './billing-calendar.ts';
import { findUserById } from '../../accounts/index.ts';
import { renewalReminderMail } from '../../mail/index.ts';
import type { MembershipsContext } from './memberships-context.ts';
import { listRenewingMemberships, recordReminder } from './memberships.repository.ts';

/**
 * Mails the reminders due at `now` (15 and 6 days before an automatic renewal, SPEC §9), each at
 * most once per membership and period. Returns how many went out.
 */
export async function sendDueReminders(ctx: MembershipsContext, now: Date): Promise<number> {
  const renewing = await listRenewingMemberships(ctx.db, now, addDays(now, Math.max(...REMINDER_DAYS)));
  let sent = 0;
  for (const membership of renewing) {
    const periodEnd = membership.period_end!;
    const daysBefore = dueReminder(periodEnd, now);
    if (daysBefore === null) continue;
    if (!(await recordReminder(ctx.db, { membershipId: membership.id, periodEnd, daysBefore }))) continue;
    // A scheduled downgrade renews into the cheaper plan: remind of what will be charged.
    const next =
      membership.next_name !== null && membership.next_price_cents !== null && membership.next_duration !== null
        ? { name: membership.next_name, priceCents: membership.next_price_cents, duration: membership.next_duration }
        : { name: membership.name, priceCents: membership.price_cents, duration: membership.duration };
    const mail = renewalReminderMail(
      {
        planName: next.name,
        amountCents: next.priceCents,
        currency: 'usd',
        period: next.duration === 'year' ? 'yearly' : 'monthly',
        renewsAt: periodEnd,
      },
      now,
      ctx.links.licenseDetails(),
    );
    try {
      const member = await findUserById(ctx.db, membership.user_id);
      if (!member) continue;
      await ctx.mailer.send({ to: member.email, ...mail });
      sent++;
    } catch (error) {
      ctx.log.error({ err: error, membership: membership.id }, 'renewal reminder mail failed');
    }
  }
  return sent;
}
