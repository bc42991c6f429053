import type { Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type SessionsTable = {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  revoked_at: Date | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
};

export type RefreshTokensTable = {
  token_hash: string;
  session_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
  /** The token that replaced this one, sealed with this one (decision 340); set when spent. */
  successor_sealed: string | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    sessions: SessionsTable;
    refresh_tokens: RefreshTokensTable;
  }
}

export type RevokeReason = 'logout' | 'refresh-token-reuse' | 'password-changed' | 'password-reset';

export async function insertSession(
  db: Executor,
  session: { id: string; userId: number; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, ip: session.ip, user_agent: session.userAgent?.slice(0, 512) ?? null })
    .execute();
}

export async function insertRefreshToken(db: Executor, token: { hash: string; sessionId: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: token.hash, session_id: token.sessionId, expires_at: token.expiresAt })
    .execute();
}

/** The live session with its user, for checking an access token on every request. */
export function findLiveSessionUser(db: Executor, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.uid', 'users.email', 'users.kind', 'users.is_active'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

export function findRefreshToken(db: Executor, hash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.used_at',
      'refresh_tokens.successor_sealed',
      'sessions.revoked_at',
      'sessions.user_id',
    ])
    .where('refresh_tokens.token_hash', '=', hash)
    .executeTakeFirst();
}

/**
 * Spends a refresh token exactly once, recording its sealed successor: of two concurrent uses,
 * only one gets true.
 */
export async function spendRefreshToken(db: Executor, hash: string, successorSealed: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(), successor_sealed: successorSealed })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: new Date() }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Executor, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user except `keep`. */
export async function revokeUserSessions(db: Executor, userId: number, reason: RevokeReason, keep?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
}

export type Session = Selectable<SessionsTable>;
