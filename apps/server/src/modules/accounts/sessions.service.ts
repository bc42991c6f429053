import { randomUUID } from 'node:crypto';
import type { RefreshTokenResponse, SessionResponse } from '@riskscan/contracts';
import { USER_SCOPES } from '../auth/index.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
  spendRefreshToken,
  touchSession,
} from './sessions.repository.ts';
import { findUserById, type User } from './users.repository.ts';

async function issueRefreshToken(ctx: AccountsContext, sessionId: string): Promise<string> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + ctx.refreshTokenTtlSeconds * 1000);
  await insertRefreshToken(ctx.db, { hash: hashSecretToken(token), sessionId, expiresAt });
  return token;
}

function signAccessToken(ctx: AccountsContext, uid: string, sessionId: string): Promise<string> {
  return ctx.tokens.sign({ uid, kind: 'user', scopes: USER_SCOPES, sessionId });
}

/** Signs a user in: a new session, its first refresh token and an access token. */
export async function startSession(
  ctx: AccountsContext,
  user: Pick<User, 'id' | 'uid' | 'email'>,
  client: ClientInfo,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await insertSession(ctx.db, { id: sessionId, userId: user.id, ...client });
  const refreshToken = await issueRefreshToken(ctx, sessionId);
  return { token: await signAccessToken(ctx, user.uid, sessionId), refreshToken, email: user.email, uid: user.uid };
}

/**
 * Rotation: a refresh token buys one new pair and is spent. Presenting a spent token means it
 * was copied, so the whole session (every token descended from the same sign-in) is revoked.
 */
export async function refreshSession(ctx: AccountsContext, refreshToken: string): Promise<RefreshTokenResponse> {
  const hash = hashSecretToken(refreshToken);
  const row = await findRefreshToken(ctx.db, hash);
  if (!row || row.revoked_at) return { loggedIn: false };
  if (row.used_at || !(await spendRefreshToken(ctx.db, hash))) {
    ctx.log.warn({ sessionId: row.session_id, userId: row.user_id }, 'refresh token reused: session revoked');
    await revokeSession(ctx.db, row.session_id, 'refresh-token-reuse');
    return { loggedIn: false };
  }
  if (row.expires_at <= new Date()) return { loggedIn: false };
  const user = await findUserById(ctx.db, row.user_id);
  if (!user?.is_active) return { loggedIn: false };
  await touchSession(ctx.db, row.session_id);
  return {
    loggedIn: true,
    accessToken: await signAccessToken(ctx, user.uid, row.session_id),
    refreshToken: await issueRefreshToken(ctx, row.session_id),
  };
}

export async function endSession(ctx: AccountsContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, 'logout');
}

export async function endSessionByRefreshToken(ctx: AccountsContext, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, hashSecretToken(refreshToken));
  if (row) await revokeSession(ctx.db, row.session_id, 'logout');
}
