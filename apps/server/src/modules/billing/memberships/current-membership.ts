import type { CurrentMembership, MembershipsResponse } from '@riskscan/contracts';
import { dollars } from '../plans/plan-presenter.ts';
import type { Executor } from '../../../db/database.ts';
import { findFreePlan, findPlanById, type Plan } from '../plans/plans.repository.ts';
import { quotaWindow } from './billing-calendar.ts';
import {
  findActiveMembership,
  insertActiveMembership,
  listMembershipHistory,
  type Membership,
  readUsage,
} from './memberships.repository.ts';

export type MembershipWithPlan = { membership: Membership; plan: Plan };

/** Puts an account on the Free plan (new accounts, and paid memberships that ended). */
export async function startOnFree(db: Executor, userId: number, now: Date): Promise<Membership | undefined> {
  const free = await findFreePlan(db);
  return insertActiveMembership(db, {
    user_id: userId,
    plan_id: free.id,
    provider: null,
    subscription_id: null,
    customer_id: null,
    period_start: now,
    period_end: null,
    scheduled_plan_id: null,
    started_at: now,
  });
}

/** The account's membership; an account without one (created before plans existed) is put on Free. */
export async function currentMembership(db: Executor, userId: number, now: Date): Promise<MembershipWithPlan> {
  const membership =
    (await findActiveMembership(db, userId)) ?? (await startOnFree(db, userId, now)) ?? (await findActiveMembership(db, userId));
  if (!membership) throw new Error(`no membership for user ${userId}`);
  const plan = await findPlanById(db, membership.plan_id);
  if (!plan) throw new Error(`membership ${membership.id} names a missing plan`);
  return { membership, plan };
}

/** The quota period `now` falls in: monthly, counted from the start of the billing period. */
export const quotaWindowOf = (membership: Membership, now: Date) => quotaWindow(membership.period_start, now);

export async function presentCurrentMembership(
  db: Executor,
  { membership, plan }: MembershipWithPlan,
  now: Date,
): Promise<CurrentMembership> {
  const window = quotaWindowOf(membership, now);
  const usage = await readUsage(db, membership.user_id, window.start);
  const scheduled = membership.scheduled_plan_id ? await findPlanById(db, membership.scheduled_plan_id) : undefined;
  // A paid plan shows its billing period; Free (no billing) shows the quota month.
  const period = membership.period_end ? { start: membership.period_start, end: membership.period_end } : window;
  return {
    plan_uid: plan.uid,
    plan_type: plan.name,
    price: dollars(plan.price_cents),
    duration: plan.duration,
    canceled: membership.cancel_at_period_end,
    subscriptionId: membership.subscription_id,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    quota_resets_at: window.end.toISOString(),
    scans_used: usage.scans_used,
    scans_limit: plan.scans_count,
    tokens_used: usage.tokens_used,
    tokens_limit: plan.tokens_count,
    scheduled_plan: scheduled
      ? { uid: scheduled.uid, plan_type: scheduled.name, price: dollars(scheduled.price_cents), duration: scheduled.duration }
      : null,
  };
}

/** `GET /memberships/`: the current membership and every one before it. */
export async function describeMemberships(db: Executor, userId: number, now: Date): Promise<MembershipsResponse> {
  const current = await currentMembership(db, userId, now);
  const history = await listMembershipHistory(db, userId);
  return {
    current: await presentCurrentMembership(db, current, now),
    history: history.map((row) => ({
      plan_uid: row.plan_uid,
      plan_type: row.name,
      price: dollars(row.price_cents),
      duration: row.duration,
      started_at: row.started_at.toISOString(),
      ended_at: row.ended_at?.toISOString() ?? null,
    })),
  };
}
