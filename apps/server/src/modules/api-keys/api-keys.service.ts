import { randomUUID } from 'node:crypto';
import type { ApiKey, CreatedApiKey } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError, NotFoundError } from '../../domain-errors.ts';
import type { Entitlements } from '../billing/index.ts';
import { generateApiKey } from './api-key-secrets.ts';
import { type ApiKeyRow, insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.ts';

export const API_ACCESS_NOT_IN_PLAN = 'Your plan does not include API access.';
export const API_KEY_NOT_FOUND = 'API key not found.';

/** What managing keys needs: the database and billing's entitlements (does the plan include API access). */
export type ApiKeysContext = { db: Db; entitlements: Pick<Entitlements, 'allows'> };

const presentKey = (row: ApiKeyRow): ApiKey => ({
  uid: row.uid,
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export async function keysOf(ctx: ApiKeysContext, userId: number): Promise<ApiKey[]> {
  return (await listApiKeys(ctx.db, userId)).map(presentKey);
}

/** A new key for a plan with API access; the secret is in this answer only, it is stored hashed. */
export async function createKey(ctx: ApiKeysContext, userId: number, name: string): Promise<CreatedApiKey> {
  if (!(await ctx.entitlements.allows(userId, 'api_access'))) throw new ForbiddenError(API_ACCESS_NOT_IN_PLAN);
  const secret = generateApiKey();
  const row = await insertApiKey(ctx.db, { uid: randomUUID(), userId, name, prefix: secret.prefix, keyHash: secret.hash });
  return { ...presentKey(row), key: secret.key };
}

export async function revokeKey(ctx: ApiKeysContext, userId: number, uid: string): Promise<void> {
  if (!(await revokeApiKey(ctx.db, userId, uid))) throw new NotFoundError(API_KEY_NOT_FOUND);
}
