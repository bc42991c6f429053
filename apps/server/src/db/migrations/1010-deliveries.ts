import { type Kysely, sql } from 'kysely';

/**
 * One delivery log for every outgoing message (decision 175): scan callbacks join the monitor
 * alerts, whose rows move over from `alert_deliveries`. An alert's batch stays its `webhook-id`,
 * and e-mail held for an unconfirmed alert address becomes status `held` (the log no longer reads
 * `monitors` to find out).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('scan_callback', 'monitor_alert')`))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'webhook')`))
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('delivery_id', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('batch', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('held', 'pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('deliveries_once', ['kind', 'batch', 'channel'])
    .execute();
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('deliveries_source_idx').on('deliveries').columns(['kind', 'source_id']).execute();
  await sql`
    insert into deliveries (kind, channel, target, payload, account_id, delivery_id, source_id, batch, status,
                            attempts, next_attempt_at, locked_until, last_error, response_status, created_at, delivered_at)
    select 'monitor_alert', d.channel, d.target, d.payload, m.user_id, d.batch, d.monitor_id::text, d.batch,
           case when d.status = 'pending' and d.channel = 'email' and m.alert_email_confirmed_at is null
                     and lower(m.alert_email) = lower(d.target) then 'held' else d.status end,
           d.attempts, d.next_attempt_at, d.locked_until, d.last_error, d.response_status, d.created_at, d.delivered_at
    from alert_deliveries d join monitors m on m.id = d.monitor_id
    order by d.id`.execute(db);
  await db.schema.dropTable('alert_deliveries').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
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
  await db.schema.createIndex('alert_deliveries_due_idx').on('alert_deliveries').columns(['status', 'next_attempt_at']).execute();
  await sql`
    insert into alert_deliveries (monitor_id, batch, channel, target, payload, events, status, attempts, next_attempt_at,
                                  locked_until, last_error, response_status, created_at, delivered_at)
    select d.source_id::integer, d.batch, d.channel, d.target, d.payload, jsonb_array_length(d.payload -> 'events'),
           case when d.status = 'held' then 'pending' else d.status end,
           d.attempts, d.next_attempt_at, d.locked_until, d.last_error, d.response_status, d.created_at, d.delivered_at
    from deliveries d join monitors m on m.id = d.source_id::integer
    where d.kind = 'monitor_alert'
    order by d.id`.execute(db);
  await db.schema.dropTable('deliveries').execute();
}
