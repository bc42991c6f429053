import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../../../db/database.ts';

export type SandboxCheckoutSessionsTable = {
  id: string;
  user_uid: string;
  customer_id: string;
  price_id: string;
  status: 'open' | 'complete' | 'canceled';
  card_holder_name: string;
  success_url: string;
  cancel_url: string;
  subscription_id: string | null;
  created_at: Date;
};

export type SandboxSubscriptionsTable = {
  id: string;
  customer_id: string;
  user_uid: string;
  price_id: string;
  status: 'active' | 'canceled';
  period_start: Date;
  period_end: Date;
  cancel_at_period_end: boolean;
  scheduled_price_id: string | null;
};

declare module '../../../../db/schema.ts' {
  interface Database {
    sandbox_checkout_sessions: SandboxCheckoutSessionsTable;
    sandbox_subscriptions: SandboxSubscriptionsTable;
  }
}

export type SandboxCheckoutSession = Selectable<SandboxCheckoutSessionsTable>;
export type SandboxSubscription = Selectable<SandboxSubscriptionsTable>;

export async function insertCheckoutSession(db: Executor, session: SandboxCheckoutSession): Promise<void> {
  await db.insertInto('sandbox_checkout_sessions').values(session).execute();
}

export function findCheckoutSession(db: Executor, id: string): Promise<SandboxCheckoutSession | undefined> {
  return db.selectFrom('sandbox_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open session; false when it was closed already (a second submit of the form). */
export async function closeCheckoutSession(
  db: Executor,
  id: string,
  status: 'complete' | 'canceled',
  subscriptionId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_checkout_sessions')
    .set({ status, subscription_id: subscriptionId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSubscription(db: Executor, subscription: SandboxSubscription): Promise<void> {
  await db.insertInto('sandbox_subscriptions').values(subscription).execute();
}

export function findSubscription(db: Executor, id: string): Promise<SandboxSubscription | undefined> {
  return db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Updateable<SandboxSubscriptionsTable>,
): Promise<SandboxSubscription> {
  return db.updateTable('sandbox_subscriptions').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function listSubscriptionsDue(db: Executor, now: Date): Promise<SandboxSubscription[]> {
  return db.selectFrom('sandbox_subscriptions').selectAll().where('status', '=', 'active').where('period_end', '<=', now).execute();
}

/** Whether the account holds a subscription that will renew (one not set to end at period end). */
export async function hasRenewingSubscription(db: Executor, userUid: string): Promise<boolean> {
  const row = await db
    .selectFrom('sandbox_subscriptions')
    .select('id')
    .where('user_uid', '=', userUid)
    .where('status', '=', 'active')
    .where('cancel_at_period_end', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
