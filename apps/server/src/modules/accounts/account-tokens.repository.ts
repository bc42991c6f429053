import type { Generated } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type AccountTokenPurpose = 'activation' | 'password-reset' | 'email-change';

export type AccountTokensTable = {
  token_hash: string;
  user_id: number;
  purpose: AccountTokenPurpose;
  new_email: string | null;
  /** For activation links of a repeated sign-up: the password chosen with that sign-up. */
  password_hash: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    account_tokens: AccountTokensTable;
  }
}

export async function insertAccountToken(
  db: Executor,
  token: { hash: string; userId: number; purpose: AccountTokenPurpose; expiresAt: Date; newEmail?: string; passwordHash?: string },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      new_email: token.newEmail ?? null,
      password_hash: token.passwordHash ?? null,
    })
    .execute();
}

/**
 * Spends an unexpired, unused token of the purpose: returns its row exactly once, so a link
 * works a single time even when followed twice at once.
 */
export function spendAccountToken(db: Executor, hash: string, purpose: AccountTokenPurpose) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'new_email', 'password_hash'])
    .executeTakeFirst();
}

/** Earlier links of the same purpose stop working when a new one is sent or one is used. */
export async function retireAccountTokens(db: Executor, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** How many links of a purpose a user was sent since a moment: caps mail a stranger can trigger. */
export async function countTokensSince(db: Executor, userId: number, purpose: AccountTokenPurpose, since: Date): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
