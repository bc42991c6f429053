import { sql, type Kysely } from 'kysely';

/**
 * Confirmation mails sent to alert addresses, by the address's hash (issue 40): at most a few an
 * hour reach one address, however often monitors are set to it. Rows older than an hour are
 * dropped as new ones are written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_confirmation_mails')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('address_hash', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_confirmation_mails_address_idx')
    .on('alert_confirmation_mails')
    .columns(['address_hash', 'sent_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_confirmation_mails').execute();
}
