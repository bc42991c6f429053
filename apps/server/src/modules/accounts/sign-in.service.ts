import { ACCOUNT_NOT_ACTIVATED, type LoginRequest, type SessionResponse } from '@riskscan/contracts';
import { InvalidError, TooManyRequestsError } from '../../domain-errors.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { verifyPassword } from './password-hashing.ts';
import { startSession } from './sessions.service.ts';
import { CLAIM_ORDER, secondsBlocked, THROTTLE_RULES, type ThrottleScope } from './sign-in-throttle.ts';
import { claimAttempt, forgetFailures, takeBackAttempt } from './sign-in-throttle.repository.ts';
import { findUserByEmail, normalizeEmail } from './users.repository.ts';

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  notActivated: ACCOUNT_NOT_ACTIVATED,
  throttled: (seconds: number) => `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`,
} as const;

/** Sign-in is closed for a while; the answer carries Retry-After. */
export class SignInThrottledError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(SIGN_IN_MESSAGES.throttled(retryAfterSeconds), retryAfterSeconds);
  }
}

type ThrottleKey = { scope: ThrottleScope; key: string };

/**
 * Claims the attempt on every key, the requester's own first; the first refusal stops it (so a
 * blocked guesser no longer touches the account's count) and answers 429. The account-wide key
 * applies only to an address that has already failed on this account: a stranger's guesses from
 * elsewhere cannot shut out the owner's first try from their own address (decision 143).
 */
async function claimAll(ctx: AccountsContext, keys: readonly ThrottleKey[], now: Date): Promise<void> {
  let pairFailures = Infinity;
  for (const { scope, key } of keys) {
    if (scope === 'account' && pairFailures <= 1) continue;
    const claim = await claimAttempt(ctx.db, scope, key, THROTTLE_RULES[scope], now);
    if (!claim.admitted) throw new SignInThrottledError(Math.max(1, secondsBlocked(claim.blockedUntil, now)));
    if (scope === 'pair') pairFailures = claim.failures;
    if (claim.blockedUntil) ctx.log.warn({ scope, key, blockedUntil: claim.blockedUntil }, 'sign-in blocked after repeated failures');
  }
}

/**
 * Signs in with e-mail and password. An unknown e-mail costs the same password check and the same
 * throttle bookkeeping as a wrong password and gets the same answer; only the holder of the right
 * password learns that an account still waits for activation.
 */
export async function signIn(ctx: AccountsContext, input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
  const email = normalizeEmail(input.email);
  const address = client.addressKey;
  const byScope: Record<ThrottleScope, string | null> = { pair: address ? `${address} ${email}` : null, ip: address, account: email };
  const keys = CLAIM_ORDER.flatMap((scope): ThrottleKey[] => {
    const key = byScope[scope];
    return key ? [{ scope, key }] : [];
  });
  await claimAll(ctx, keys, new Date());

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordHash = user?.kind === 'user' ? user.password_hash : null;
  const valid = await verifyPassword(passwordHash, input.password);
  // A wrong password was counted when claimed.
  if (!user || !valid) throw new InvalidError(SIGN_IN_MESSAGES.invalid);
  // The right password ends the account's and the pair's back-off; the address only gets this
  // attempt back, so one's own account cannot launder guesses at others.
  for (const { scope, key } of keys) {
    if (scope === 'ip') await takeBackAttempt(ctx.db, scope, key, THROTTLE_RULES.ip);
    else await forgetFailures(ctx.db, scope, key);
  }
  if (!user.is_active) throw new InvalidError(SIGN_IN_MESSAGES.notActivated);
  return startSession(ctx, user, client);
}
