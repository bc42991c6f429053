import { sql, type Kysely } from 'kysely';

/**
 * Every free scan spent from a network, kept when the scan is given back (issue 40): a guest
 * looping scans of unreachable hosts gets each refunded, yet still reaches the network's daily
 * cap. The last day's spends are carried over from `free_scans`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('free_scan_spends')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('client_ip', 'text', (column) => column.notNull())
    .addColumn('spent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('free_scan_spends_ip_idx').on('free_scan_spends').columns(['client_ip', 'spent_at']).execute();
  await sql`insert into free_scan_spends (client_ip, spent_at)
    select client_ip, used_at from free_scans where used_at > now() - interval '1 day'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('free_scan_spends').execute();
}
