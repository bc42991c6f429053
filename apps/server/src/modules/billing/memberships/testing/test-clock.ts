import type { Clock } from '../memberships-context.ts';

/** A clock a test sets and moves; pass `clock.now` to `createTestApp(env, { clock: clock.now })`. */
export function createTestClock(start: Date) {
  let current = new Date(start);
  return {
    now: (() => new Date(current)) satisfies Clock,
    set(date: Date) {
      current = new Date(date);
    },
    advanceDays(days: number) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}
