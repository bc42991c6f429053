import { type Kysely, sql } from 'kysely';

/**
 * Certificate Transparency read directly (issue 39): where each configured log was last read up
 * to, when its tree last grew (a log that stops growing is a stale source), and when a watched
 * brand's look-alike name was first seen in a log (the scan result's `ct_first_seen`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ct_log_positions')
    .addColumn('log_url', 'text', (col) => col.primaryKey())
    .addColumn('next_index', 'bigint', (col) => col.notNull())
    .addColumn('tree_size', 'bigint', (col) => col.notNull())
    .addColumn('grew_at', 'timestamptz', (col) => col.notNull())
    .addColumn('polled_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createTable('ct_names_seen')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('first_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('log_url', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ct_names_seen').execute();
  await db.schema.dropTable('ct_log_positions').execute();
}
