import type { Kysely } from 'kysely';

/**
 * Signing up again before activating must not change the password of the pending account (a
 * stranger could otherwise set it): each activation link carries the password chosen with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('password_hash', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('password_hash').execute();
}
