import { EMAIL_MESSAGES, type UserDetails } from '@riskscan/contracts';
import { InvalidError, NotFoundError } from '../../domain-errors.ts';
import { emailChangedNoticeMail, emailChangeMail } from '../mail/index.ts';
import type { AuthUser } from '../auth/index.ts';
import type { AccountsContext } from './accounts-context.ts';
import { createLinkToken, useLinkToken } from './account-links.ts';
import { findUserByEmail, findUserById, normalizeEmail, setEmail, setName, type User } from './users.repository.ts';

export const PROFILE_MESSAGES = {
  sameEmail: 'This is already your email address.',
  emailChangeSent: 'We have sent a confirmation link to the new address. The change takes effect once you follow it.',
  emailChangeLinkInvalid: 'The confirmation link is invalid or has expired.',
} as const;

function present(user: User): UserDetails {
  return { uid: user.uid, email: user.email, name: user.name, date_joined: user.created_at.toISOString() };
}

async function requireUser(ctx: AccountsContext, caller: AuthUser): Promise<User> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw new NotFoundError('Not found.');
  return user;
}

export async function userDetails(ctx: AccountsContext, caller: AuthUser): Promise<UserDetails> {
  return present(await requireUser(ctx, caller));
}

export async function updateName(ctx: AccountsContext, caller: AuthUser, name: string): Promise<UserDetails> {
  await setName(ctx.db, caller.id, name);
  return present(await requireUser(ctx, caller));
}

/**
 * Mails a confirmation link to the new address; the address changes only when it is followed.
 * Problems are reported on `field`, the name the calling form uses.
 */
export async function requestEmailChange(ctx: AccountsContext, caller: AuthUser, newEmail: string, field = 'new_email'): Promise<string> {
  const user = await requireUser(ctx, caller);
  const normalized = normalizeEmail(newEmail);
  if (normalized === user.email) throw new InvalidError({ [field]: [PROFILE_MESSAGES.sameEmail] });
  if (await findUserByEmail(ctx.db, normalized)) throw new InvalidError({ [field]: [EMAIL_MESSAGES.taken] });
  const token = await createLinkToken(ctx.db, user.id, 'email-change', { newEmail: normalized });
  await ctx.mailer.send({ to: normalized, ...emailChangeMail(ctx.links.confirmEmailChange(token), user.email) });
  return normalized;
}

export async function confirmEmailChange(ctx: AccountsContext, token: string): Promise<string> {
  const spent = await useLinkToken(ctx.db, token, 'email-change');
  const user = spent?.new_email ? await findUserById(ctx.db, spent.user_id) : undefined;
  if (!spent?.new_email || !user) throw new InvalidError(PROFILE_MESSAGES.emailChangeLinkInvalid);
  if (!(await setEmail(ctx.db, user.id, spent.new_email))) throw InvalidError.field('new_email', EMAIL_MESSAGES.taken);
  await ctx.mailer.send({ to: user.email, ...emailChangedNoticeMail(spent.new_email, ctx.links.signIn()) });
  return spent.new_email;
}

/** POST /update/profile: the name at once; a different e-mail goes through the confirmation link. */
export async function updateProfile(
  ctx: AccountsContext,
  caller: AuthUser,
  input: { Email: string; Name: string },
): Promise<{ updateSuccess: boolean; emailChangePending: boolean }> {
  const emailChanges = normalizeEmail(input.Email) !== normalizeEmail(caller.email);
  if (emailChanges) await requestEmailChange(ctx, caller, input.Email, 'Email');
  await setName(ctx.db, caller.id, input.Name);
  return { updateSuccess: true, emailChangePending: emailChanges };
}
