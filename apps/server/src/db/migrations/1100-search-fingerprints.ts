import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Look-alike search (issue 38, decision 300): each finished scan's page fingerprints, one row per
 * kind, the 64-bit hash kept whole for the exact Hamming distance and cut into four 16-bit bands,
 * each indexed with the kind, for the multi-index candidate lookup. The search entry also keeps
 * the thumbnail so that "N scans look like this" can show them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('search_scans').addColumn('thumbnail', 'text').execute();
  await db.schema
    .createTable('search_fingerprints')
    .addColumn('scan_uid', 'text', (col) => col.notNull().references('search_scans.scan_uid').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('screenshot', 'top_fold', 'favicon', 'structure')`))
    .addColumn('hash', 'bigint', (col) => col.notNull())
    .addColumn('b0', 'integer', (col) => col.notNull())
    .addColumn('b1', 'integer', (col) => col.notNull())
    .addColumn('b2', 'integer', (col) => col.notNull())
    .addColumn('b3', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_fingerprints_pk', ['scan_uid', 'kind'])
    .execute();
  for (const band of ['b0', 'b1', 'b2', 'b3']) {
    await db.schema.createIndex(`search_fingerprints_${band}_idx`).on('search_fingerprints').columns(['kind', band]).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_fingerprints').execute();
  await db.schema.alterTable('search_scans').dropColumn('thumbnail').execute();
}
