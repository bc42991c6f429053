import type { Kysely } from 'kysely';

/** The page's HTML (the rendered DOM when the browser ran) of each scan, for the DOM download; apart from `scans` so polling stays light. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_pages')
    .addColumn('scan_id', 'integer', (col) => col.primaryKey().references('scans.id').onDelete('cascade'))
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('truncated', 'boolean', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_pages').execute();
}
