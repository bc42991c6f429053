import { type Kysely, sql } from 'kysely';

/**
 * User ids as `integer`: the pg driver returns `bigint` columns as strings (PGlite as numbers), so
 * the same code saw two types. Two billion accounts are plenty.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions alter column user_id type integer`.execute(db);
  await sql`alter table account_tokens alter column user_id type integer`.execute(db);
  await sql`alter table users alter column id type integer`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users alter column id type bigint`.execute(db);
  await sql`alter table account_tokens alter column user_id type bigint`.execute(db);
  await sql`alter table sessions alter column user_id type bigint`.execute(db);
}
