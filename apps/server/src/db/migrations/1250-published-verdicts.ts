import { type Kysely, sql } from 'kysely';

/**
 * Our own published verdicts, one row per URL (decision 330): the one store the lookup, the hunts
 * and both feeds read. A row keeps its evidence and confidence, is versioned by `modified` (STIX
 * 2.1: every change is a new version), and is retracted in place rather than deleted, so feeds can
 * publish the retraction. The verdicts the scan runner used to add to `reputation_indicators` under
 * the source `riskscan` carried no evidence: they go, and the next Danger scan with evidence lists
 * its URL again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('published_verdicts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('url', 'host')`))
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('threat', 'text', (col) => col.notNull().check(sql`threat in ('phishing', 'malware', 'scam', 'malicious')`))
    .addColumn('evidence', sql`text[]`, (col) => col.notNull())
    .addColumn('confidence', 'integer', (col) => col.notNull())
    .addColumn('stix_uuid', 'text', (col) => col.notNull().unique())
    .addColumn('first_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('retracted_at', 'timestamptz')
    .addColumn('retraction', 'text', (col) => col.check(sql`retraction in ('clean_rescan', 'report')`))
    .addColumn('modified', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('published_verdicts_kind_value', ['kind', 'value'])
    .execute();
  await db.schema.createIndex('published_verdicts_modified').on('published_verdicts').columns(['modified', 'url']).execute();
  await db.deleteFrom('reputation_indicators').where('source', '=', 'riskscan').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('published_verdicts').execute();
}
