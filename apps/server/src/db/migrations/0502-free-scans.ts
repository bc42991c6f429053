import { type Kysely, sql } from 'kysely';

/** One free scan per anonymous id (SPEC §6); the client IP feeds the daily per-IP cap. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('free_scans')
    .addColumn('anonymous_uid', 'text', (col) => col.primaryKey())
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('free_scans_ip_idx').on('free_scans').columns(['client_ip', 'claimed_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('free_scans').execute();
}
