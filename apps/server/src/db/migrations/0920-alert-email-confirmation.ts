import type { Kysely } from 'kysely';

/**
 * A monitor's `alert_email` gets alerts only once confirmed from a mailed link (issue 29): when it
 * was confirmed, and the hash of the link's token while it waits. Addresses set before this
 * migration wait too, unless they are the account's own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('monitors')
    .addColumn('alert_email_confirmed_at', 'timestamptz')
    .addColumn('alert_email_token_hash', 'text')
    .execute();
  await db.schema.createIndex('monitors_alert_email_token_idx').on('monitors').column('alert_email_token_hash').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('monitors_alert_email_token_idx').execute();
  await db.schema.alterTable('monitors').dropColumn('alert_email_confirmed_at').dropColumn('alert_email_token_hash').execute();
}
