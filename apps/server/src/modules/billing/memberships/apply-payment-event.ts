import { findPlanByPriceId } from '../plans/plans.repository.ts';
import { paymentReceiptMail } from '../../mail/index.ts';
import type { MembershipsContext } from './memberships-context.ts';
import { recordPaymentEvent } from './memberships.repository.ts';
import type { PaymentEvent } from './payment-events.ts';
import { syncSubscription } from './subscription-sync.ts';

/**
 * The one path every provider report takes. The event is recorded in the same transaction as its
 * effect, so a replayed or redelivered event changes nothing and sends no second receipt.
 * Returns false for a replay.
 */
export async function applyPaymentEvent(ctx: MembershipsContext, event: PaymentEvent): Promise<boolean> {
  const now = ctx.clock();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, event))) return 'replay' as const;
    return syncSubscription(trx, event.subscription, now, { mayReplace: event.type === 'checkout.completed' });
  });
  if (outcome === 'replay') return false;
  if (event.type === 'invoice.paid' && outcome) await sendReceipt(ctx, outcome.email, event);
  return true;
}

async function sendReceipt(ctx: MembershipsContext, to: string, event: PaymentEvent & { type: 'invoice.paid' }): Promise<void> {
  const plan = await findPlanByPriceId(ctx.db, event.subscription.priceId);
  if (!plan) return;
  const receipt = paymentReceiptMail(
    {
      planName: plan.name,
      amountCents: event.invoice.amountCents,
      currency: event.invoice.currency,
      period: plan.duration === 'year' ? 'yearly' : 'monthly',
      paidAt: event.invoice.paidAt,
      periodEnd: event.subscription.periodEnd,
      reference: event.invoice.id,
    },
    ctx.links.licenseDetails(),
  );
  try {
    await ctx.mailer.send({ to, ...receipt });
  } catch (error) {
    // The payment stands; a lost receipt must not make the provider redeliver the event.
    ctx.log.error({ err: error, invoice: event.invoice.id }, 'receipt mail failed');
  }
}
