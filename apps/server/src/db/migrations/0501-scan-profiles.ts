import { type Kysely, sql } from 'kysely';

/** Users' own scan profiles (SPEC §3 Scan profile); the built-in default profile is not stored. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_profiles')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_default', 'boolean', (col) => col.notNull())
    .addColumn('count_zero_values', 'boolean', (col) => col.notNull())
    .addColumn('checks', 'jsonb', (col) => col.notNull())
    .addColumn('additional_checks', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('scan_profiles_user_idx').on('scan_profiles').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_profiles').execute();
}
