import { type Kysely, sql } from 'kysely';

/** Saved searches a plan allows (Free has none). */
const SAVED_SEARCH_QUOTAS = [
  ['Free', 0],
  ['Professional', 10],
  ['Business', 100],
  ['Ultra', 500],
] as const;

/**
 * Saved searches that alert (issue 38): each finished scan is matched against them as it is
 * indexed, a match is kept once per search and scan, and its alert goes through the delivery log
 * as a new kind of message.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('saved_searches_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  for (const [name, count] of SAVED_SEARCH_QUOTAS) {
    await db.updateTable('plans').set({ saved_searches_count: count }).where('name', '=', name).execute();
  }
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('q', 'text', (col) => col.notNull())
    .addColumn('notify_email', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('webhook_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_viewed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').column('user_id').execute();
  await db.schema
    .createTable('saved_search_matches')
    .addColumn('saved_search_id', 'integer', (col) => col.notNull().references('saved_searches.id').onDelete('cascade'))
    .addColumn('scan_uid', 'text', (col) => col.notNull())
    .addColumn('matched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saved_search_matches_pk', ['saved_search_id', 'scan_uid'])
    .execute();
  await sql`alter table deliveries drop constraint deliveries_kind_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_kind_check
    check (kind in ('scan_callback', 'monitor_alert', 'saved_search_alert'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from deliveries where kind = 'saved_search_alert'`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_kind_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_kind_check check (kind in ('scan_callback', 'monitor_alert'))`.execute(db);
  await db.schema.dropTable('saved_search_matches').execute();
  await db.schema.dropTable('saved_searches').execute();
  await db.schema.alterTable('plans').dropColumn('saved_searches_count').execute();
}
