import type { SessionResponse } from '@riskscan/contracts';
import { InvalidError } from '../../domain-errors.ts';
import { passwordResetMail } from '../mail/index.ts';
import type { AuthUser } from '../auth/index.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { countTokensSince } from './account-tokens.repository.ts';
import { createLinkToken, useLinkToken } from './account-links.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { revokeUserSessions } from './sessions.repository.ts';
import { startSession } from './sessions.service.ts';
import { forgetFailures } from './sign-in-throttle.repository.ts';
import { findUserByEmail, findUserById, setPasswordHash } from './users.repository.ts';

export const PASSWORD_CHANGE_MESSAGES = {
  resetLinkInvalid: 'The reset link is invalid or has expired.',
  oldPasswordWrong: 'Your old password was entered incorrectly. Please enter it again.',
} as const;

/** At most this many reset mails per account and hour, however many addresses ask. */
const RESET_MAILS_PER_HOUR = 5;

/**
 * Mails a reset link valid for 10 minutes. The answer is the same whether or not the address
 * has an account, and so is its time: the account is looked up and the mail sent after the
 * answer, so the form cannot be used to find out who is a customer.
 */
export function requestPasswordReset(ctx: AccountsContext, email: string): void {
  ctx.background.run('password reset mail', () => sendPasswordReset(ctx, email));
}

async function sendPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.kind !== 'user' || !user.is_active) return;
  const sent = await countTokensSince(ctx.db, user.id, 'password-reset', new Date(Date.now() - 60 * 60_000));
  if (sent >= RESET_MAILS_PER_HOUR) return;
  const token = await createLinkToken(ctx.db, user.id, 'password-reset');
  await ctx.mailer.send({ to: user.email, ...passwordResetMail(ctx.links.passwordReset(token)) });
}

/** Sets the new password once per link and signs every session out. */
export async function confirmPasswordReset(ctx: AccountsContext, input: { token: string; password: string }): Promise<void> {
  const spent = await useLinkToken(ctx.db, input.token, 'password-reset');
  const user = spent && (await findUserById(ctx.db, spent.user_id));
  if (!user) throw new InvalidError(PASSWORD_CHANGE_MESSAGES.resetLinkInvalid);
  await setPasswordHash(ctx.db, user.id, await hashPassword(input.password));
  await revokeUserSessions(ctx.db, user.id, 'password-reset');
  // Whoever reads the mailbox owns the account: lift a back-off strangers may have caused.
  await forgetFailures(ctx.db, 'account', user.email);
}

/** Changes the password of a signed-in user: every session ends and a new one starts. */
export async function changePassword(
  ctx: AccountsContext,
  caller: AuthUser,
  input: { old_password: string; new_password1: string },
  client: ClientInfo,
): Promise<SessionResponse> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user || !(await verifyPassword(user.password_hash, input.old_password))) {
    throw InvalidError.field('old_password', PASSWORD_CHANGE_MESSAGES.oldPasswordWrong);
  }
  await setPasswordHash(ctx.db, user.id, await hashPassword(input.new_password1));
  await revokeUserSessions(ctx.db, user.id, 'password-changed');
  return startSession(ctx, user, client);
}
