import { type Kysely, sql } from 'kysely';

/**
 * Each message is a job of the job system, which times its retries (decision 462): the log no
 * longer keeps the time of the next attempt, only what was sent. Its jobs are handed over again
 * at start by status, so the index is on status alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_due_idx').execute();
  await db.schema.alterTable('deliveries').dropColumn('next_attempt_at').execute();
  await db.schema.createIndex('deliveries_status_idx').on('deliveries').column('status').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_status_idx').execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at']).execute();
}
