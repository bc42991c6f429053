import { type Kysely, sql } from 'kysely';

/** Failed sign-ins per account and per IP, kept in the database so every API process agrees. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('account', 'ip')`))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_failure_at', 'timestamptz', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addPrimaryKeyConstraint('sign_in_throttle_pk', ['scope', 'key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
}
