import type { Kysely } from 'kysely';

/** Where each scanned site was hosted, so later scans can see neighbours on the address and the AS's record. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('ip', 'text').addColumn('asn', 'integer').execute();
  await db.schema.createIndex('scans_ip_idx').on('scans').column('ip').execute();
  await db.schema.createIndex('scans_asn_idx').on('scans').column('asn').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').dropColumn('ip').dropColumn('asn').execute();
}
