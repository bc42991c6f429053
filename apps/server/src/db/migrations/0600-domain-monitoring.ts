import { type Kysely, sql } from 'kysely';

/** Issue 19: how many domains each plan may watch, and how often they are checked. */
const MONITOR_QUOTAS = [
  ['Free', 1, 'daily'],
  ['Professional', 5, 'hourly'],
  ['Business', 50, 'hourly'],
  ['Ultra', 250, 'hourly'],
] as const;

/**
 * Domain monitoring: watched domains, their runs, the look-alikes found with every status change,
 * and the alert deliveries. Uniqueness does the locking: one open run per monitor, one look-alike
 * per name and monitor, one event per look-alike, run and status, one delivery per batch and channel.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('monitors_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('monitor_check', 'text', (col) =>
      col
        .notNull()
        .defaultTo('daily')
        .check(sql`monitor_check in ('daily', 'hourly')`),
    )
    .execute();
  for (const [name, count, check] of MONITOR_QUOTAS) {
    await db.updateTable('plans').set({ monitors_count: count, monitor_check: check }).where('name', '=', name).execute();
  }

  await db.schema
    .createTable('monitors')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('keywords', 'jsonb', (col) => col.notNull())
    .addColumn('alert_email', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text', (col) => col.notNull())
    .addColumn('alert_mode', 'text', (col) => col.notNull().check(sql`alert_mode in ('live', 'hourly', 'daily')`))
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('next_run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_digest_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('monitors_user_domain', ['user_id', 'domain'])
    .execute();
  await db.schema.createIndex('monitors_due_idx').on('monitors').column('next_run_at').execute();

  await db.schema
    .createTable('monitor_runs')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().unique())
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (col) => col.notNull().check(sql`trigger in ('schedule', 'manual')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
    .addColumn('names_total', 'integer')
    .addColumn('names_checked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('found', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // Two schedulers or a double click never open a second run while one is queued or running.
  await db.schema
    .createIndex('monitor_runs_one_open')
    .unique()
    .on('monitor_runs')
    .column('monitor_id')
    .where(sql.ref('status'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema.createIndex('monitor_runs_monitor_idx').on('monitor_runs').columns(['monitor_id', 'created_at desc']).execute();

  await db.schema
    .createTable('lookalikes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('fuzzer', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('dns', 'jsonb', (col) => col.notNull())
    .addColumn('registered_at', 'timestamptz')
    .addColumn('risk_score', 'integer')
    .addColumn('scan_uid', 'text')
    .addColumn('screenshot_link', 'text')
    .addColumn('content_hash', 'text')
    .addColumn('similarity_html', 'integer')
    .addColumn('similarity_visual', 'integer')
    .addColumn('first_seen', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_checked', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lookalikes_monitor_domain', ['monitor_id', 'domain'])
    .execute();

  await db.schema
    .createTable('lookalike_events')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('lookalike_id', 'integer', (col) => col.notNull().references('lookalikes.id').onDelete('cascade'))
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    // The run (or the discovery feed's day) that saw the change: replaying it records nothing twice.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('previous_status', 'text')
    .addColumn('alert_batch', 'text')
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lookalike_events_once', ['lookalike_id', 'source', 'status'])
    .execute();
  await db.schema.createIndex('lookalike_events_unalerted').on('lookalike_events').columns(['monitor_id', 'alert_batch']).execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('monitor_id', 'integer', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('batch', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'webhook')`))
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('events', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('alert_deliveries_once', ['batch', 'channel'])
    .execute();
  // When each discovery feed was last taken: the daily download is claimed by one worker.
  await db.schema
    .createTable('monitoring_feeds')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_fetched_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema.createIndex('alert_deliveries_due_idx').on('alert_deliveries').columns(['status', 'next_attempt_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['monitoring_feeds', 'alert_deliveries', 'lookalike_events', 'lookalikes', 'monitor_runs', 'monitors'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('plans').dropColumn('monitors_count').dropColumn('monitor_check').execute();
}
