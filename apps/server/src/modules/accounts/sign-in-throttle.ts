/**
 * Back-off for failed sign-ins, kept per account and per client IP: a few free mistakes, then
 * each further failure doubles the wait, up to a cap. Counts are forgotten after a quiet hour.
 */
export type ThrottleRule = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

export type ThrottleScope = 'account' | 'ip';

export const THROTTLE_RULES: Record<ThrottleScope, ThrottleRule> = {
  // An account: 5 tries, then 30 s, 1 min, 2 min ... at most 15 min between guesses.
  account: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  // An address may be shared (offices, NAT): more room, a longer cap for guessing across accounts.
  ip: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, forgetAfterMs: 60 * 60_000 },
};

/** How long sign-in stays closed after the `failures`-th failure in a row. */
export function backOffMs(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (failures - rule.freeFailures - 1));
}

/** Seconds left until `blockedUntil`, or 0 when sign-in is open. */
export function secondsBlocked(blockedUntil: Date | null | undefined, now: Date): number {
  if (!blockedUntil || blockedUntil <= now) return 0;
  return Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000);
}
