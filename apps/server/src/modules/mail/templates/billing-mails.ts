import { type MailContent, renderMail } from './mail-layout.ts';

export type BillingPeriod = 'monthly' | 'yearly';

export type PaymentReceipt = {
  planName: string;
  /** In the currency's minor unit (cents). */
  amountCents: number;
  currency: string;
  period: BillingPeriod;
  paidAt: Date;
  periodEnd: Date;
  reference: string;
};

export type RenewalReminder = {
  planName: string;
  amountCents: number;
  currency: string;
  period: BillingPeriod;
  renewsAt: Date;
};

export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amountCents / 100);
}

const formatDate = (date: Date) => date.toISOString().slice(0, 10);

export function paymentReceiptMail(receipt: PaymentReceipt, licenseLink: string): MailContent {
  return renderMail(`Your riskscan receipt: ${receipt.planName} plan`, 'Thank you for your payment', [
    { paragraph: `Your payment for the ${receipt.planName} plan was successful.` },
    {
      rows: [
        ['Plan', `${receipt.planName} (${receipt.period})`],
        ['Amount', formatMoney(receipt.amountCents, receipt.currency)],
        ['Paid on', formatDate(receipt.paidAt)],
        ['Paid until', formatDate(receipt.periodEnd)],
        ['Reference', receipt.reference],
      ],
    },
    { action: { label: 'View your license', href: licenseLink } },
  ]);
}

/** Sent 15 and 6 days before a subscription renews (SPEC §9). */
export function renewalReminderMail(reminder: RenewalReminder, now: Date, licenseLink: string): MailContent {
  const days = Math.max(0, Math.round((reminder.renewsAt.getTime() - now.getTime()) / 86_400_000));
  return renderMail(`Your riskscan ${reminder.planName} plan renews in ${days} days`, 'Your subscription renews soon', [
    {
      paragraph:
        `Your ${reminder.planName} plan renews automatically on ${formatDate(reminder.renewsAt)} for ` +
        `${formatMoney(reminder.amountCents, reminder.currency)} (${reminder.period}).`,
    },
    { paragraph: 'Subscriptions can be cancelled up to 5 days before they expire.' },
    { action: { label: 'Manage your subscription', href: licenseLink } },
  ]);
}
