import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reputation_indicators')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('url', 'host', 'domain')`))
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('threat', 'text', (col) => col.notNull().check(sql`threat in ('phishing', 'malware', 'scam', 'malicious')`))
    .addColumn('reference', 'text')
    .addColumn('first_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('reputation_indicators_source_kind_value', ['source', 'kind', 'value'])
    .execute();
  await db.schema.createIndex('reputation_indicators_last_seen').on('reputation_indicators').column('last_seen').execute();

  await db.schema
    .createTable('reputation_imports')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('entries', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reputation_imports').execute();
  await db.schema.dropTable('reputation_indicators').execute();
}
