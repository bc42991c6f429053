import { type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type ApiKeysTable = {
  id: Generated<number>;
  uid: string;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

export type ApiKeyUsageTable = { api_key_id: number; window_start: Date; requests: number };

declare module '../../db/schema.ts' {
  interface Database {
    api_keys: ApiKeysTable;
    api_key_usage: ApiKeyUsageTable;
  }
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

export function insertApiKey(
  db: Executor,
  key: { uid: string; userId: number; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      uid: key.uid,
      user_id: key.userId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listApiKeys(db: Executor, userId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).orderBy('id').execute();
}

export async function revokeApiKey(db: Executor, userId: number, uid: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A live key and its owner, who must still be an active person's account. */
export function findLiveKeyOwner(db: Executor, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['api_keys.id as keyId', 'api_keys.user_id as userId'])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Counts one request in the key's current window and returns the window's count (shared by every API process). */
export async function countKeyRequest(db: Executor, keyId: number, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto('api_key_usage')
    .values({ api_key_id: keyId, window_start: windowStart, requests: 1 })
    .onConflict((oc) => oc.columns(['api_key_id', 'window_start']).doUpdateSet({ requests: sql`api_key_usage.requests + 1` }))
    .returning('requests')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', keyId)
    .execute();
  return row.requests;
}

/** Old windows are only history; dropping them keeps the table small. */
export async function pruneKeyUsage(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('api_key_usage').where('window_start', '<', before).execute();
}
