import { describe, expect, it } from 'vitest';
import { formatDay, readableDay, readableMoment, utcMoment } from './format-date.ts';

// 21:57 UTC on 27 Nov 2026: already the 28th in Tokyo, still the 27th in New York.
const now = new Date('2026-11-27T21:57:00Z');

describe('readable moments', () => {
  it('names today, tomorrow and yesterday in the reader’s zone and dates the rest', () => {
    const utc = { now, timeZone: 'UTC' };
    expect(readableMoment(new Date('2026-11-27T21:54:00Z'), utc)).toBe('today at 21:54');
    expect(readableMoment(new Date('2026-11-28T21:54:00Z'), utc)).toBe('tomorrow at 21:54');
    expect(readableMoment(new Date('2026-11-26T08:02:00Z'), utc)).toBe('yesterday at 08:02');
    expect(readableMoment(new Date('2026-11-25T21:54:00Z'), utc)).toBe('25 Nov 2026, 21:54');
    expect(readableMoment(new Date('2027-01-03T09:10:00Z'), utc)).toBe('3 Jan 2027, 09:10');
  });

  it('counts days by the reader’s calendar, not by UTC', () => {
    // The free-scan case of issue 37: 21:54 UTC the next day, read in Tokyo (UTC+9) at 06:57 on the 28th.
    expect(readableMoment(new Date('2026-11-28T21:54:00Z'), { now, timeZone: 'Asia/Tokyo' })).toBe('tomorrow at 06:54');
    // The same moment the reader saw "today" in UTC is "yesterday" in Tokyo's early morning.
    expect(readableMoment(new Date('2026-11-27T14:00:00Z'), { now, timeZone: 'Asia/Tokyo' })).toBe('yesterday at 23:00');
    expect(readableMoment(new Date('2026-11-28T03:00:00Z'), { now, timeZone: 'America/New_York' })).toBe('today at 22:00');
  });

  it('uses the 24-hour clock at midnight', () => {
    expect(readableMoment(new Date('2026-11-28T00:05:00Z'), { now, timeZone: 'UTC' })).toBe('tomorrow at 00:05');
  });

  it('writes days alone with the same words', () => {
    expect(readableDay(new Date('2026-11-27T01:00:00Z'), { now, timeZone: 'UTC' })).toBe('today');
    expect(readableDay(new Date('2026-11-27T01:00:00Z'), { now, timeZone: 'Asia/Tokyo' })).toBe('yesterday');
    expect(readableDay(new Date('2026-10-02T12:00:00Z'), { now, timeZone: 'UTC' })).toBe('2 Oct 2026');
  });

  it('gives the exact UTC moment to the minute', () => {
    expect(utcMoment(new Date('2026-11-27T21:54:59.900Z'))).toBe('2026-11-27 21:54 UTC');
  });

  it('keeps billing days as UTC calendar days', () => {
    expect(formatDay('2026-12-01T00:00:00Z')).toBe('Dec 1, 2026');
  });
});
