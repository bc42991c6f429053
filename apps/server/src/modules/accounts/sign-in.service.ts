import type { LoginRequest, SessionResponse } from '@riskscan/contracts';
import { InvalidError, TooManyRequestsError } from '../../domain-errors.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { verifyPassword } from './password-hashing.ts';
import { startSession } from './sessions.service.ts';
import { backOffMs, secondsBlocked, THROTTLE_RULES, type ThrottleScope } from './sign-in-throttle.ts';
import { blockUntil, countFailure, forgetFailures, latestBlock } from './sign-in-throttle.repository.ts';
import { findUserByEmail, normalizeEmail } from './users.repository.ts';

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  notActivated: 'Your account is not activated yet. Please check your inbox for the activation email.',
  throttled: (seconds: number) => `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`,
} as const;

/** Sign-in is closed for a while; the answer carries Retry-After. */
export class SignInThrottledError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(SIGN_IN_MESSAGES.throttled(retryAfterSeconds), retryAfterSeconds);
  }
}

type ThrottleKey = { scope: ThrottleScope; key: string };

async function recordFailure(ctx: AccountsContext, keys: readonly ThrottleKey[]): Promise<void> {
  for (const { scope, key } of keys) {
    const rule = THROTTLE_RULES[scope];
    const delay = backOffMs(await countFailure(ctx.db, scope, key, rule), rule);
    if (delay === 0) continue;
    await blockUntil(ctx.db, scope, key, new Date(Date.now() + delay));
    ctx.log.warn({ scope, key, delayMs: delay }, 'sign-in blocked after repeated failures');
  }
}

/**
 * Signs in with e-mail and password. An unknown e-mail costs the same password check and the same
 * throttle bookkeeping as a wrong password and gets the same answer; only the holder of the right
 * password learns that an account still waits for activation.
 */
export async function signIn(ctx: AccountsContext, input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
  const account: ThrottleKey = { scope: 'account', key: normalizeEmail(input.email) };
  const keys: ThrottleKey[] = client.ip ? [account, { scope: 'ip', key: client.ip }] : [account];
  const blocked = secondsBlocked(await latestBlock(ctx.db, keys), new Date());
  if (blocked > 0) throw new SignInThrottledError(blocked);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordHash = user?.kind === 'user' ? user.password_hash : null;
  const valid = await verifyPassword(passwordHash, input.password);
  if (!user || !valid) {
    await recordFailure(ctx, keys);
    throw new InvalidError(SIGN_IN_MESSAGES.invalid);
  }
  // The right password ends the account's back-off; the address keeps its count so one's own
  // account cannot launder guesses at others.
  await forgetFailures(ctx.db, account.scope, account.key);
  if (!user.is_active) throw new InvalidError(SIGN_IN_MESSAGES.notActivated);
  return startSession(ctx, user, client);
}
