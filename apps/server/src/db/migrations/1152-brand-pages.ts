import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Clones of a brand's own pages (issue 39): the real pages a monitor registers (its login or home
 * page) with their fingerprints once scanned, and, on each look-alike, the brand page it copies.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('monitor_brand_pages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('scan_uid', 'text', (col) => col.notNull())
    .addColumn('fingerprints', 'jsonb')
    .addColumn('screenshot_link', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('monitor_brand_pages_url', ['monitor_id', 'url'])
    .execute();
  await db.schema.createIndex('monitor_brand_pages_scan').on('monitor_brand_pages').column('scan_uid').execute();
  await db.schema.alterTable('lookalikes').addColumn('copy_of', 'jsonb').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lookalikes').dropColumn('copy_of').execute();
  await db.schema.dropTable('monitor_brand_pages').execute();
}
