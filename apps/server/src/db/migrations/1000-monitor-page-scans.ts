import { type Kysely, sql } from 'kysely';

/**
 * A monitor run no longer waits inside itself for the scans of look-alike pages (record 172): it
 * keeps each scan it asked for here, with what the page looked like when fetched, and a follow-up
 * job records the page once the scan ends. `names_done_at` marks a run whose name pass is over and
 * whose page scans are all that is left.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('monitor_runs').addColumn('names_done_at', 'timestamptz').execute();
  await db.schema
    .createTable('monitor_page_scans')
    .addColumn('scan_uid', 'text', (col) => col.primaryKey())
    .addColumn('run_id', 'integer', (col) => col.notNull().references('monitor_runs.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('fuzzer', 'text', (col) => col.notNull())
    .addColumn('dns', 'jsonb', (col) => col.notNull())
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('similarity_html', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A run taken over after its worker died asks for no second scan of a page it already awaits.
    .addUniqueConstraint('monitor_page_scans_run_domain', ['run_id', 'domain'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('monitor_page_scans').execute();
  await db.schema.alterTable('monitor_runs').dropColumn('names_done_at').execute();
}
