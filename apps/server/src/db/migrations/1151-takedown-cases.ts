import { type Kysely, sql } from 'kysely';

/**
 * Takedown cases (issue 39): a look-alike judged malicious, the registrar and hosting network with
 * their abuse contacts, the evidence and report as made, and the site's state as rechecks find it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('takedown_cases')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pack', 'jsonb', (col) => col.notNull())
    .addColumn('report', 'text', (col) => col.notNull())
    .addColumn('reported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('next_check_at', 'timestamptz', (col) => col.notNull())
    .addColumn('down_at', 'timestamptz')
    .addColumn('checks', 'integer', (col) => col.notNull().defaultTo(0))
    // One open case per look-alike: asking again returns it.
    .addUniqueConstraint('takedown_cases_monitor_domain', ['monitor_id', 'domain'])
    .execute();
  await db.schema.createIndex('takedown_cases_due').on('takedown_cases').columns(['status', 'next_check_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('takedown_cases').execute();
}
