import type { LoginRequest, SessionResponse } from '@riskscan/contracts';
import { HttpError } from '../../plugins/errors.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { verifyPassword } from './password-hashing.ts';
import { startSession } from './sessions.service.ts';
import { findUserByEmail } from './users.repository.ts';

export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid email or password.',
  notActivated: 'Your account is not activated yet. Please check your inbox for the activation email.',
} as const;

/**
 * Signs in with e-mail and password. An unknown e-mail costs the same password check as a wrong
 * password and gets the same answer; only the holder of the right password learns that an
 * account still waits for activation.
 */
export async function signIn(ctx: AccountsContext, input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordHash = user?.kind === 'user' ? user.password_hash : null;
  const valid = await verifyPassword(passwordHash, input.password);
  if (!user || !valid) throw new HttpError(400, { detail: SIGN_IN_MESSAGES.invalid });
  if (!user.is_active) throw new HttpError(400, { detail: SIGN_IN_MESSAGES.notActivated });
  return startSession(ctx, user, client);
}
