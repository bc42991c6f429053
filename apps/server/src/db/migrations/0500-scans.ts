import { type Kysely, sql } from 'kysely';

/**
 * Every scan as a job and its result. `on_board` is decided once at request time: public and
 * free of secrets in the URL, so the board and its detail never show anything else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scans')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('options', 'jsonb', (col) => col.notNull())
    .addColumn('is_private', 'boolean', (col) => col.notNull())
    .addColumn('on_board', 'boolean', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('overall_risk', 'integer')
    .addColumn('ai_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scans_board_idx').on('scans').columns(['finished_at desc']).where(sql.ref('on_board'), '=', true).execute();
  await db.schema.createIndex('scans_user_idx').on('scans').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('scans_url_idx').on('scans').columns(['url', 'finished_at desc']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scans').execute();
}
