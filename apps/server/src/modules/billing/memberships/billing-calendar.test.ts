import { describe, expect, it } from 'vitest';
import { addMonths, canCancel, dueReminder, quotaWindow, unusedCreditCents } from './billing-calendar.ts';

const at = (iso: string) => new Date(iso);

describe('billing calendar', () => {
  it('adds months clamped to the end of shorter months', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(at('2026-11-15T00:00:00Z'), 12).toISOString()).toBe('2027-11-15T00:00:00.000Z');
  });

  it('finds the monthly quota window from the anchor without drifting', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    expect(quotaWindow(anchor, at('2026-02-10T00:00:00Z'))).toEqual({ start: anchor, end: at('2026-02-28T10:00:00Z') });
    expect(quotaWindow(anchor, at('2026-03-30T00:00:00Z'))).toEqual({ start: at('2026-02-28T10:00:00Z'), end: at('2026-03-31T10:00:00Z') });
    expect(quotaWindow(anchor, at('2026-03-31T10:00:00Z')).start).toEqual(at('2026-03-31T10:00:00Z'));
    expect(quotaWindow(anchor, at('2025-12-01T00:00:00Z')).start).toEqual(anchor);
  });

  it('credits the unused part of a paid period, rounded down', () => {
    const start = at('2026-04-01T00:00:00Z');
    const end = at('2026-05-01T00:00:00Z');
    expect(unusedCreditCents(2000, start, end, at('2026-04-16T00:00:00Z'))).toBe(1000);
    expect(unusedCreditCents(2000, start, end, at('2026-04-01T00:00:00Z'))).toBe(2000);
    expect(unusedCreditCents(2000, start, end, at('2026-05-02T00:00:00Z'))).toBe(0);
    expect(unusedCreditCents(0, start, end, at('2026-04-16T00:00:00Z'))).toBe(0);
    expect(unusedCreditCents(1000, start, end, at('2026-04-11T00:00:00Z'))).toBe(666);
  });

  it('allows cancelling up to 5 days before the end', () => {
    const end = at('2026-05-01T00:00:00Z');
    expect(canCancel(end, at('2026-04-26T00:00:00Z'))).toBe(true);
    expect(canCancel(end, at('2026-04-26T00:00:01Z'))).toBe(false);
  });

  it('picks the reminder due: 15 days, then 6 days, never after the end', () => {
    const end = at('2026-05-31T00:00:00Z');
    expect(dueReminder(end, at('2026-05-15T00:00:00Z'))).toBeNull();
    expect(dueReminder(end, at('2026-05-16T00:00:00Z'))).toBe(15);
    expect(dueReminder(end, at('2026-05-25T00:00:00Z'))).toBe(6);
    expect(dueReminder(end, at('2026-05-31T00:00:00Z'))).toBeNull();
  });
});
