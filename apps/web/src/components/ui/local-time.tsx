import { parseMoment, readableDay, readableMoment, utcMoment, type ReadingContext } from '@/lib/format-date.ts';

/**
 * A moment for people: the reader's zone with day words ("today at 21:54"), the exact UTC moment on
 * hover (title) and for screen readers (hidden text, since a title is not reliably announced).
 * Text that is not a date (a log line's own time field) is shown as it came.
 */
export function LocalTime({ iso, day = false, ...context }: { iso: string; day?: boolean } & ReadingContext) {
  const date = parseMoment(iso);
  if (!date) return <>{iso}</>;
  const exact = utcMoment(date);
  return (
    <time dateTime={date.toISOString()} title={exact}>
      {day ? readableDay(date, context) : readableMoment(date, context)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}
