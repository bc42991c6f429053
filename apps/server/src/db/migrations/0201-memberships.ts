import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memberships')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('plans.id'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'ended')`))
    .addColumn('provider', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('scheduled_plan_id', 'integer', (col) => col.references('plans.id'))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  // One current membership per account; the rest is history.
  await db.schema
    .createIndex('memberships_one_active')
    .on('memberships')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status = 'active'`)
    .execute();
  await db.schema.createIndex('memberships_subscription').on('memberships').columns(['provider', 'subscription_id']).execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('scans_used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tokens_used', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pk', ['user_id', 'window_start'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('membership_reminders')
    .addColumn('membership_id', 'bigint', (col) => col.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('days_before', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('membership_reminders_pk', ['membership_id', 'period_end', 'days_before'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['membership_reminders', 'payment_events', 'usage_counters', 'memberships'])
    await db.schema.dropTable(table).execute();
}
