import { type Kysely, sql } from 'kysely';

/** Sign-in failures are also counted per account and IP pair (issue 21): the pair closes before the account does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sign_in_throttle drop constraint sign_in_throttle_scope_check`.execute(db);
  await sql`alter table sign_in_throttle add constraint sign_in_throttle_scope_check check (scope in ('pair', 'account', 'ip'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from sign_in_throttle where scope = 'pair'`.execute(db);
  await sql`alter table sign_in_throttle drop constraint sign_in_throttle_scope_check`.execute(db);
  await sql`alter table sign_in_throttle add constraint sign_in_throttle_scope_check check (scope in ('account', 'ip'))`.execute(db);
}
