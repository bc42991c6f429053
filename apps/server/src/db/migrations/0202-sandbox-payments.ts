import { type Kysely, sql } from 'kysely';

/** The sandbox payment provider's own books: what a card processor would keep on its side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_checkout_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_uid', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('price_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'complete', 'canceled')`))
    .addColumn('card_holder_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('success_url', 'text', (col) => col.notNull())
    .addColumn('cancel_url', 'text', (col) => col.notNull())
    .addColumn('subscription_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('user_uid', 'text', (col) => col.notNull())
    .addColumn('price_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'canceled')`))
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('scheduled_price_id', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_subscriptions').execute();
  await db.schema.dropTable('sandbox_checkout_sessions').execute();
}
