import { randomUUID } from 'node:crypto';
import type { RefreshTokenResponse, SessionResponse } from '@riskscan/contracts';
import { USER_SCOPES } from '../auth/index.ts';
import type { AccountsContext, ClientInfo } from './accounts-context.ts';
import type { Executor } from '../../db/database.ts';
import { hashSecretToken, newSecretToken, openWithToken, sealWithToken } from './secret-tokens.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
  spendRefreshToken,
  touchSession,
} from './sessions.repository.ts';
import { findUserById, type User } from './users.repository.ts';

/**
 * How long a spent refresh token still buys the pair it was spent for: two tabs of one browser
 * refreshing at once present the same token, and the later one is not a thief (decision 340).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

async function issueRefreshToken(ctx: AccountsContext, db: Executor, sessionId: string, token = newSecretToken()): Promise<string> {
  const expiresAt = new Date(Date.now() + ctx.refreshTokenTtlSeconds * 1000);
  await insertRefreshToken(db, { hash: hashSecretToken(token), sessionId, expiresAt });
  return token;
}

/** Spends `refreshToken` for a new one, sealed into the spent row; null when another use won. */
function rotate(ctx: AccountsContext, refreshToken: string, sessionId: string): Promise<string | null> {
  const successor = newSecretToken();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await spendRefreshToken(trx, hashSecretToken(refreshToken), sealWithToken(refreshToken, successor)))) return null;
    return issueRefreshToken(ctx, trx, sessionId, successor);
  });
}

/** The successor of a token spent less than the grace window ago, for the holder of that token. */
async function successorWithinGrace(ctx: AccountsContext, refreshToken: string): Promise<string | null> {
  const row = await findRefreshToken(ctx.db, hashSecretToken(refreshToken));
  if (!row?.used_at || !row.successor_sealed || row.revoked_at) return null;
  if (Date.now() - row.used_at.getTime() > REFRESH_REUSE_GRACE_MS) return null;
  return openWithToken(refreshToken, row.successor_sealed);
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
  const refreshToken = await issueRefreshToken(ctx, ctx.db, sessionId);
  return { token: await signAccessToken(ctx, user.uid, sessionId), refreshToken, email: user.email, uid: user.uid };
}

/**
 * Rotation: a refresh token buys one new pair and is spent. Presented again within the grace
 * window, it buys the same new refresh token (tabs racing); later, a spent token means it was
 * copied, so the whole session (every token descended from the same sign-in) is revoked.
 */
export async function refreshSession(ctx: AccountsContext, refreshToken: string): Promise<RefreshTokenResponse> {
  const row = await findRefreshToken(ctx.db, hashSecretToken(refreshToken));
  if (!row || row.revoked_at) return { loggedIn: false };
  const next = (row.used_at ? null : await rotate(ctx, refreshToken, row.session_id)) ?? (await successorWithinGrace(ctx, refreshToken));
  if (!next) {
    ctx.log.warn({ sessionId: row.session_id, userId: row.user_id }, 'refresh token reused: session revoked');
    await revokeSession(ctx.db, row.session_id, 'refresh-token-reuse');
    return { loggedIn: false };
  }
  if (row.expires_at <= new Date()) return { loggedIn: false };
  const user = await findUserById(ctx.db, row.user_id);
  if (!user?.is_active) return { loggedIn: false };
  await touchSession(ctx.db, row.session_id);
  return { loggedIn: true, accessToken: await signAccessToken(ctx, user.uid, row.session_id), refreshToken: next };
}

export async function endSession(ctx: AccountsContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, 'logout');
}

export async function endSessionByRefreshToken(ctx: AccountsContext, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, hashSecretToken(refreshToken));
  if (row) await revokeSession(ctx.db, row.session_id, 'logout');
}
