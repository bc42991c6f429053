/**
 * How the web app writes dates and times for a person (issue 37 item 7): moments in the reader's own
 * time zone with day words where they read naturally ("today at 21:54", "tomorrow at 09:10",
 * "27 Nov 2026, 21:54"), and the exact UTC moment for hover and assistive tech. `<LocalTime>` in
 * components/ui is the one face screens use; SPEC-prescribed formats (the board clock, blog dates)
 * keep their own.
 */

/** The reader's clock and zone; tests pass both so results do not depend on the machine. */
export interface ReadingContext {
  now?: Date;
  /** IANA zone; the browser's own when absent. */
  timeZone?: string;
}

const DAY_WORDS: Record<number, string> = { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' };

/** The calendar day and clock of `date` as seen in `timeZone`. */
function wallClock(date: Date, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const numeric = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  return {
    /** Whole days since the epoch for the local calendar date: differences are day distances. */
    dayNumber: Date.parse(`${numeric}T00:00:00Z`) / 86_400_000,
    date: `${part('day')} ${part('month')} ${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

export const parseMoment = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "today at 21:54", "yesterday at 08:02", "tomorrow at 09:10", else "27 Nov 2026, 21:54" (reader's zone). */
export function readableMoment(date: Date, { now = new Date(), timeZone }: ReadingContext = {}): string {
  const when = wallClock(date, timeZone);
  const word = DAY_WORDS[when.dayNumber - wallClock(now, timeZone).dayNumber];
  return word ? `${word} at ${when.time}` : `${when.date}, ${when.time}`;
}

/** "today", "yesterday", "tomorrow", else "27 Nov 2026" (reader's zone). */
export function readableDay(date: Date, { now = new Date(), timeZone }: ReadingContext = {}): string {
  const when = wallClock(date, timeZone);
  return DAY_WORDS[when.dayNumber - wallClock(now, timeZone).dayNumber] ?? when.date;
}

/** The exact moment for hover and screen readers: "2026-11-27 21:54 UTC". */
export const utcMoment = (date: Date): string => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;

const calendarDay = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A billing day ("Dec 1, 2026"): plan periods start and end on UTC calendar days (the server's billing
 * calendar), so they are dates, not moments, and read the same everywhere.
 */
export const formatDay = (iso: string) => calendarDay.format(new Date(iso));
