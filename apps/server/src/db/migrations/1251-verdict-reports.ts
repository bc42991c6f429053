import { type Kysely, sql } from 'kysely';

/**
 * Reports of wrong verdicts (decision 331): a review queue, and once reviewed, the accepted ones
 * are labelled examples for the next training run of the URL model (stored, never trained on
 * automatically).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verdict_reports')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('scan_uid', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('false_positive', 'missed_phishing')`))
    .addColumn('comment', 'text')
    .addColumn('overall_risk', 'integer', (col) => col.notNull())
    // A private or unlisted scan's URL is never published, whatever the review says.
    .addColumn('listed', 'boolean', (col) => col.notNull())
    .addColumn('reporter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'rejected')`),
    )
    .addColumn('reviewer', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    // One open report per person and scan: a second click is the same report.
    .addUniqueConstraint('verdict_reports_once', ['scan_uid', 'reporter_id', 'kind'])
    .execute();
  await db.schema.createIndex('verdict_reports_status').on('verdict_reports').columns(['status', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verdict_reports').execute();
}
