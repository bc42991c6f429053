import { describe, expect, it } from 'vitest';
import { freeScanCapReached } from './free-scans.ts';

describe('freeScanCapReached', () => {
  it('names the day of the next free scan, so a time earlier than the clock never reads as the past', () => {
    const now = new Date('2026-11-27T21:57:00Z');
    expect(freeScanCapReached(5, new Date('2026-11-28T21:54:00Z'), now)).toContain('The next one is available tomorrow at 21:54 UTC;');
    expect(freeScanCapReached(1, new Date('2026-11-27T23:10:00Z'), now)).toBe(
      'Your network has used its 1 free scan for today. The next one is available today at 23:10 UTC; sign up for free to keep scanning now.',
    );
  });
});
