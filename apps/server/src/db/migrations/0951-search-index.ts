import { type Kysely, sql } from 'kysely';

/**
 * The search module's index, written when a scan ends: one row per finished scan (who may find
 * it, its URL, host and score) and its pivot terms (domains, addresses, AS numbers, hashes,
 * brands), each kind and value looked up through one index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_scans')
    .addColumn('scan_uid', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('visibility', 'text', (col) => col.notNull())
    .addColumn('listed', 'boolean', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('asn', 'integer')
    .addColumn('overall_risk', 'integer', (col) => col.notNull())
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('search_scans_listed_idx').on('search_scans').columns(['listed', 'finished_at desc']).execute();
  await db.schema.createIndex('search_scans_owner_idx').on('search_scans').columns(['owner_id', 'finished_at desc']).execute();
  await db.schema.createIndex('search_scans_url_idx').on('search_scans').columns(['url', 'finished_at desc']).execute();
  await db.schema.createIndex('search_scans_host_idx').on('search_scans').columns(['host', 'finished_at desc']).execute();
  await db.schema
    .createTable('search_terms')
    .addColumn('scan_uid', 'text', (col) => col.notNull().references('search_scans.scan_uid').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('domain', 'ip', 'asn', 'hash', 'brand')`))
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['scan_uid', 'kind', 'value'])
    .execute();
  await db.schema.createIndex('search_terms_lookup_idx').on('search_terms').columns(['kind', 'value']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_terms').execute();
  await db.schema.dropTable('search_scans').execute();
}
