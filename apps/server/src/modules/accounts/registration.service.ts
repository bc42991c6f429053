import { randomUUID } from 'node:crypto';
import { ACCOUNT_ALREADY_ACTIVE, EMAIL_MESSAGES, type RegisterResponse, type SessionResponse } from '@riskscan/contracts';
import { ConflictError, InvalidError } from '../../domain-errors.ts';
import { activationMail } from '../mail/index.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { createLinkToken, useLinkToken } from './account-links.ts';
import { countTokensSince, retireAccountTokens } from './account-tokens.repository.ts';
import { hashPassword } from './password-hashing.ts';
import { startSession } from './sessions.service.ts';
import { activateUser, findUserByEmail, findUserByUid, insertUser, setPasswordHash, type User } from './users.repository.ts';

export const ACTIVATION_LINK_INVALID = 'The activation link is invalid or has expired.';

const emailTaken = () => InvalidError.field('email', EMAIL_MESSAGES.taken);

/** At most this many activation mails per address and hour, however often it signs up. */
const ACTIVATION_MAILS_PER_HOUR = 3;

/**
 * Retires every earlier activation link of the account, then mails a new one carrying this
 * sign-up's password. Past the hourly cap nothing is sent, but the earlier links are still
 * retired: an older sign-up's password (perhaps a stranger's) must never win over a newer one.
 */
async function sendActivation(ctx: AccountsContext, user: Pick<User, 'id' | 'uid' | 'email'>, passwordHash: string): Promise<void> {
  const sent = await countTokensSince(ctx.db, user.id, 'activation', new Date(Date.now() - 60 * 60_000));
  if (sent >= ACTIVATION_MAILS_PER_HOUR) return retireAccountTokens(ctx.db, user.id, 'activation');
  const token = await createLinkToken(ctx.db, user.id, 'activation', { passwordHash });
  await ctx.mailer.send({ to: user.email, ...activationMail(ctx.links.activateAccount(user.uid, token)) });
}

/**
 * Creates an inactive account and mails its activation link. Signing up again before activating
 * sends another link, so a lost e-mail never locks an address out; only the newest sign-up's
 * link works, and it sets the password chosen with it (decision 142).
 */
export async function register(ctx: AccountsContext, input: { email: string; password: string }): Promise<RegisterResponse> {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && (existing.is_active || existing.kind !== 'user')) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    // The newest sign-up's password replaces the pending one, so a resent link carries it too.
    await setPasswordHash(ctx.db, existing.id, passwordHash);
    await sendActivation(ctx, existing, passwordHash);
    return { uid: existing.uid, email: existing.email };
  }
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { uid: randomUUID(), email: input.email, passwordHash });
    if (!created) throw emailTaken();
    await ctx.userCreated.run({ id: created.id, uid: created.uid, email: created.email }, trx);
    return created;
  });
  await sendActivation(ctx, user, passwordHash);
  return { uid: user.uid, email: user.email };
}

/** Mails a new activation link to an account still waiting for one; nothing for any other address. */
export async function resendActivation(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.is_active && user.kind === 'user' && user.password_hash) await sendActivation(ctx, user, user.password_hash);
}

export async function isEmailTaken(ctx: AccountsContext, email: string): Promise<boolean> {
  return (await findUserByEmail(ctx.db, email)) !== undefined;
}

/** Follows an activation link: the account becomes active and is signed in (SPEC §4). */
export async function activate(ctx: AccountsContext, uid: string, token: string, client: ClientInfo): Promise<SessionResponse> {
  const user = await findUserByUid(ctx.db, uid);
  if (!user || user.kind !== 'user') throw new InvalidError(ACTIVATION_LINK_INVALID);
  const spent = await useLinkToken(ctx.db, token, 'activation');
  // A link opened again (a second click, a mail scanner's visit): the account works, say so.
  if (!spent && user.is_active) throw new ConflictError(ACCOUNT_ALREADY_ACTIVE);
  if (!spent || spent.user_id !== user.id) throw new InvalidError(ACTIVATION_LINK_INVALID);
  if (spent.password_hash) await setPasswordHash(ctx.db, user.id, spent.password_hash);
  await activateUser(ctx.db, user.id);
  await retireAccountTokens(ctx.db, user.id, 'activation');
  return startSession(ctx, user, client);
}
