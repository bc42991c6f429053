import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.ts';

describe('board clock', () => {
  it('formats the board clock as HH : mm : ss', () => {
    expect(formatClock(new Date(2024, 0, 1, 9, 5, 7))).toBe('09 : 05 : 07');
  });
});
