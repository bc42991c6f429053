/**
 * Back-off for failed sign-ins, kept per account and client IP pair, per client IP and per
 * account: a few free mistakes, then each further failure doubles the wait, up to a cap. Counts
 * are forgotten after a quiet hour. The pair closes first, so one guesser is stopped long before
 * the whole account is: locking an account for everyone takes many addresses.
 */
/** The wait itself is computed where attempts are claimed, in one statement (`claimAttempt`). */
export type ThrottleRule = { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

export type ThrottleScope = 'pair' | 'account' | 'ip';

export const THROTTLE_RULES: Record<ThrottleScope, ThrottleRule> = {
  // One address guessing one account: 5 tries, then 30 s, 1 min, 2 min ... at most 15 min between guesses.
  pair: { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  // An account from anywhere (guessing spread over addresses): more room, so it is not a lockout button.
  account: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
  // An address may be shared (offices, NAT): more room, a longer cap for guessing across accounts.
  ip: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, forgetAfterMs: 60 * 60_000 },
};

/** The order attempts are claimed in: the requester's own pair and address before the shared account. */
export const CLAIM_ORDER: readonly ThrottleScope[] = ['pair', 'ip', 'account'];

/** Seconds left until `blockedUntil`, or 0 when sign-in is open. */
export function secondsBlocked(blockedUntil: Date | null | undefined, now: Date): number {
  if (!blockedUntil || blockedUntil <= now) return 0;
  return Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000);
}
