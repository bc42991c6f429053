import { describe, expect, it } from 'vitest';
import { backOffMs, secondsBlocked, THROTTLE_RULES } from './sign-in-throttle.ts';

describe('backOffMs', () => {
  const rule = THROTTLE_RULES.account;
  it('lets the free failures through, then doubles up to the cap', () => {
    expect([1, 5].map((n) => backOffMs(n, rule))).toEqual([0, 0]);
    expect([6, 7, 8].map((n) => backOffMs(n, rule))).toEqual([30_000, 60_000, 120_000]);
    expect(backOffMs(50, rule)).toBe(15 * 60_000);
  });
});

describe('secondsBlocked', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('rounds the remaining wait up and is 0 when open', () => {
    expect(secondsBlocked(null, now)).toBe(0);
    expect(secondsBlocked(new Date(now.getTime() - 1), now)).toBe(0);
    expect(secondsBlocked(new Date(now.getTime() + 1500), now)).toBe(2);
  });
});
