import { type ColumnType, type Generated, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../../db/database.ts';

export type PaymentProviderName = 'sandbox' | 'stripe';

export type MembershipsTable = {
  id: ColumnType<number, never, never>;
  user_id: number;
  plan_id: number;
  /** One `active` row per account; `ended` rows are its history. */
  status: 'active' | 'ended';
  provider: PaymentProviderName | null;
  subscription_id: string | null;
  customer_id: string | null;
  period_start: Date;
  /** Null for Free, which has no billing period: its quota simply renews every month. */
  period_end: Date | null;
  cancel_at_period_end: Generated<boolean>;
  scheduled_plan_id: number | null;
  started_at: Date;
  ended_at: Date | null;
};

export type UsageCountersTable = {
  user_id: number;
  window_start: Date;
  scans_used: Generated<number>;
  tokens_used: Generated<number>;
};

export type PaymentEventsTable = {
  provider: string;
  event_id: string;
  type: string;
  received_at: Generated<Date>;
};

export type MembershipRemindersTable = {
  membership_id: number;
  period_end: Date;
  days_before: number;
  sent_at: Generated<Date>;
};

declare module '../../../db/schema.ts' {
  interface Database {
    memberships: MembershipsTable;
    usage_counters: UsageCountersTable;
    payment_events: PaymentEventsTable;
    membership_reminders: MembershipRemindersTable;
  }
}

export type Membership = Selectable<MembershipsTable>;
export type NewMembership = Omit<Insertable<MembershipsTable>, 'status' | 'ended_at'>;
export type MembershipBilling = Pick<
  Updateable<MembershipsTable>,
  'period_start' | 'period_end' | 'cancel_at_period_end' | 'scheduled_plan_id' | 'customer_id'
>;

export function findActiveMembership(db: Executor, userId: number): Promise<Membership | undefined> {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirst();
}

export function findActiveMembershipBySubscription(
  db: Executor,
  provider: PaymentProviderName,
  subscriptionId: string,
): Promise<Membership | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('provider', '=', provider)
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** Starts a membership; undefined when the account already has an active one. */
export function insertActiveMembership(db: Executor, membership: NewMembership): Promise<Membership | undefined> {
  return db
    .insertInto('memberships')
    .values({ ...membership, status: 'active' })
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'active').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function endMembership(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('memberships').set({ status: 'ended', ended_at: at }).where('id', '=', id).execute();
}

export async function updateMembershipBilling(db: Executor, id: number, billing: MembershipBilling): Promise<void> {
  await db.updateTable('memberships').set(billing).where('id', '=', id).execute();
}

/** Every membership of an account, newest first, with its plan. */
export function listMembershipHistory(db: Executor, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('plans', 'plans.id', 'memberships.plan_id')
    .select([
      'plans.uid as plan_uid',
      'plans.name',
      'plans.price_cents',
      'plans.duration',
      'memberships.started_at',
      'memberships.ended_at',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.started_at', 'desc')
    .orderBy('memberships.id', 'desc')
    .execute();
}

/** The provider customer an account paid with before, so its next checkout reuses it. */
export async function findLastCustomerId(db: Executor, userId: number, provider: PaymentProviderName): Promise<string | null> {
  const row = await db
    .selectFrom('memberships')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('customer_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Whether a provider event was handled before: a replayed delivery is answered from this, unparsed. */
export async function paymentEventHandled(db: Executor, provider: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a provider event as handled; false when it was handled before (a replay). */
export async function recordPaymentEvent(db: Executor, event: { provider: string; id: string; type: string }): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ provider: event.provider, event_id: event.id, type: event.type })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export type UsageCounter = 'scans_used' | 'tokens_used';

export async function readUsage(db: Executor, userId: number, windowStart: Date): Promise<{ scans_used: number; tokens_used: number }> {
  const row = await db
    .selectFrom('usage_counters')
    .select(['scans_used', 'tokens_used'])
    .where('user_id', '=', userId)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row ?? { scans_used: 0, tokens_used: 0 };
}

/**
 * Adds `amount` to a counter in one statement, only while the total stays within `limit`, so
 * concurrent requests can never overspend. Returns the new total, or undefined when refused.
 */
export async function addUsageWithinLimit(
  db: Executor,
  key: { userId: number; windowStart: Date },
  counter: UsageCounter,
  amount: number,
  limit: number,
): Promise<number | undefined> {
  if (amount > limit) return undefined;
  const row = await db
    .insertInto('usage_counters')
    .values({ user_id: key.userId, window_start: key.windowStart, [counter]: amount })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'window_start'])
        .doUpdateSet((eb) => ({ [counter]: eb(`usage_counters.${counter}`, '+', amount) }))
        .where(({ eb }) => eb(eb(`usage_counters.${counter}`, '+', amount), '<=', limit)),
    )
    .returning(counter)
    .executeTakeFirst();
  return row?.[counter];
}

/** Takes `amount` off a counter, never below zero. */
export async function subtractUsage(db: Executor, key: { userId: number; windowStart: Date }, counter: UsageCounter, amount: number) {
  await db
    .updateTable('usage_counters')
    .set((eb) => ({ [counter]: sql<number>`greatest(${eb.ref(`usage_counters.${counter}`)} - ${amount}, 0)` }))
    .where('user_id', '=', key.userId)
    .where('window_start', '=', key.windowStart)
    .execute();
}

/** Paid memberships that renew automatically and end within `horizon`, with whom to tell and the plan they renew into. */
export function listRenewingMemberships(db: Executor, now: Date, horizon: Date) {
  return db
    .selectFrom('memberships')
    .innerJoin('plans', 'plans.id', 'memberships.plan_id')
    .leftJoin('plans as next', 'next.id', 'memberships.scheduled_plan_id')
    .select(['memberships.id', 'memberships.period_end', 'memberships.user_id', 'plans.name', 'plans.price_cents', 'plans.duration'])
    .select(['next.name as next_name', 'next.price_cents as next_price_cents', 'next.duration as next_duration'])
    .where('memberships.status', '=', 'active')
    .where('memberships.cancel_at_period_end', '=', false)
    .where('memberships.period_end', '>', now)
    .where('memberships.period_end', '<=', horizon)
    .execute();
}

/** False when this reminder went out already for this period. */
export async function recordReminder(
  db: Executor,
  reminder: { membershipId: number; periodEnd: Date; daysBefore: number },
): Promise<boolean> {
  const row = await db
    .insertInto('membership_reminders')
    .values({ membership_id: reminder.membershipId, period_end: reminder.periodEnd, days_before: reminder.daysBefore })
    .onConflict((oc) => oc.columns(['membership_id', 'period_end', 'days_before']).doNothing())
    .returning('membership_id')
    .executeTakeFirst();
  return row !== undefined;
}
