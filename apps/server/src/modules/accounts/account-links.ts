import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type AccountTokenPurpose, insertAccountToken, retireAccountTokens, spendAccountToken } from './account-tokens.repository.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

/** How long each kind of e-mailed link works (SPEC §9: reset links 10 minutes). */
export const LINK_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  activation: 3 * 24 * 60 * 60 * 1000,
  'password-reset': 10 * 60 * 1000,
  'email-change': 24 * 60 * 60 * 1000,
};

/**
 * A new single-use token for an e-mailed link. Earlier links of the same purpose stop working.
 */
export async function createLinkToken(
  db: Db | Transaction<Database>,
  userId: number,
  purpose: AccountTokenPurpose,
  carries: { newEmail?: string; passwordHash?: string } = {},
): Promise<string> {
  const token = newSecretToken();
  await retireAccountTokens(db, userId, purpose);
  await insertAccountToken(db, {
    hash: hashSecretToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
    ...carries,
  });
  return token;
}

/** The link's owner (and new address, for e-mail changes) the first time a live token is used; undefined after. */
export function useLinkToken(db: Db | Transaction<Database>, token: string, purpose: AccountTokenPurpose) {
  if (token.length > 256) return Promise.resolve(undefined);
  return spendAccountToken(db, hashSecretToken(token), purpose);
}
