import { type Kysely, sql } from 'kysely';

/**
 * Issue 37: a scan says which stage it is in while it runs (fetching, rendering, judging; null
 * before and after), and a scan its owner stopped ends as `cancelled` (decision 420).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scans')
    .addColumn('stage', 'text', (col) => col.check(sql`stage in ('fetching', 'rendering', 'judging')`))
    .execute();
  await db.schema.alterTable('scans').dropConstraint('scans_status_check').execute();
  await db.schema
    .alterTable('scans')
    .addCheckConstraint('scans_status_check', sql`status in ('queued', 'running', 'done', 'failed', 'cancelled')`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('scans').set({ status: 'failed' }).where('status', '=', 'cancelled').execute();
  await db.schema.alterTable('scans').dropConstraint('scans_status_check').execute();
  await db.schema
    .alterTable('scans')
    .addCheckConstraint('scans_status_check', sql`status in ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema.alterTable('scans').dropColumn('stage').execute();
}
