import type { PlanDuration } from '@riskscan/contracts';

const DAY_MS = 86_400_000;

/** `date` plus `months` calendar months (UTC), clamped to the last day of a shorter month. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const addPeriod = (date: Date, duration: PlanDuration) => addMonths(date, duration === 'year' ? 12 : 1);

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * The monthly quota period `now` falls in, counted from `anchor` (the membership's start).
 * Quotas are per month (SPEC §9), so a yearly plan has twelve of them and Free renews forever.
 * Each boundary is counted from the anchor, never from the previous one, so short months do not drift.
 */
export function quotaWindow(anchor: Date, now: Date): { start: Date; end: Date } {
  if (now <= anchor) return { start: anchor, end: addMonths(anchor, 1) };
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  while (months > 0 && addMonths(anchor, months) > now) months--;
  while (addMonths(anchor, months + 1) <= now) months++;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/**
 * What is left of a paid period, in cents: the credit an upgrade deducts (SPEC §9 "the full paid
 * price is deducted"), rounded down so a credit never exceeds what was paid.
 */
export function unusedCreditCents(priceCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  if (priceCents === 0 || total <= 0) return 0;
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), total);
  return Math.floor((priceCents * left) / total);
}

/** Cancelling is allowed up to 5 days before the period ends (SPEC §9). */
export const CANCEL_NOTICE_DAYS = 5;

export const canCancel = (periodEnd: Date, now: Date) => now.getTime() <= periodEnd.getTime() - CANCEL_NOTICE_DAYS * DAY_MS;

/** Renewal reminders go out 15 and 6 days before a period ends (SPEC §9). */
export const REMINDER_DAYS = [15, 6] as const;

/**
 * The reminder due at `now` for a period ending at `periodEnd`: the nearest threshold already
 * reached, so a reminder missed while the server was down is not sent after a later one.
 */
export function dueReminder(periodEnd: Date, now: Date): number | null {
  const left = periodEnd.getTime() - now.getTime();
  if (left <= 0) return null;
  const reached = REMINDER_DAYS.filter((days) => left <= days * DAY_MS);
  return reached.length ? Math.min(...reached) : null;
}
