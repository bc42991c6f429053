import { type Kysely, sql } from 'kysely';

/** API keys, stored as SHA-256 hashes (the key is random and long), with per-minute use counters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
  await db.schema
    .createTable('api_key_usage')
    .addColumn('api_key_id', 'integer', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('requests', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pk', ['api_key_id', 'window_start'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_usage').execute();
  await db.schema.dropTable('api_keys').execute();
}
