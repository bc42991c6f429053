import type { Kysely } from 'kysely';

/**
 * What a scan was charged to ('plan' or 'free-scan'; null: nothing, or refunded), so an
 * unreachable or failed scan gives its unit back exactly once; and free scans counted per IP by
 * when they were spent, not when an id was first seen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('charged', 'text').execute();
  await db.schema.createIndex('free_scans_ip_used_idx').on('free_scans').columns(['client_ip', 'used_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('free_scans_ip_used_idx').execute();
  await db.schema.alterTable('scans').dropColumn('charged').execute();
}
