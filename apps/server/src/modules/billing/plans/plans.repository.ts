import type { MonitorCheckInterval, PlanDuration, PlanFlags, PlanName } from '@riskscan/contracts';
import type { ColumnType, Selectable } from 'kysely';
import type { Executor } from '../../../db/database.ts';

type Flags = { [flag in keyof PlanFlags]: boolean };

export type PlansTable = Flags & {
  id: ColumnType<number, never, never>;
  uid: string;
  name: PlanName;
  billing_period: 'Monthly' | 'Yearly';
  duration: PlanDuration;
  /** US cents, so sums and prorations never meet floating point. */
  price_cents: number;
  sort_order: number;
  scans_count: number;
  tokens_count: number;
  monitors_count: number;
  monitor_check: MonitorCheckInterval;
  /** Saved searches that alert an account may keep (migration 1120). */
  saved_searches_count: number;
  /** The payment provider's price for this plan. */
  price_id: string;
};

declare module '../../../db/schema.ts' {
  interface Database {
    plans: PlansTable;
  }
}

export type Plan = Selectable<PlansTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every plan, Monthly before Yearly, each in the order Free, Professional, Business, Ultra. */
export function listPlans(db: Executor): Promise<Plan[]> {
  return db.selectFrom('plans').selectAll().orderBy('billing_period').orderBy('sort_order').execute();
}

export function findPlanByUid(db: Executor, uid: string): Promise<Plan | undefined> {
  // A malformed uid cannot match and must not reach the uuid column as a cast error.
  if (!UUID.test(uid)) return Promise.resolve(undefined);
  return db.selectFrom('plans').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export function findPlanById(db: Executor, id: number): Promise<Plan | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPlanByPriceId(db: Executor, priceId: string): Promise<Plan | undefined> {
  return db.selectFrom('plans').selectAll().where('price_id', '=', priceId).executeTakeFirst();
}

/** The plan every account starts on. */
export async function findFreePlan(db: Executor): Promise<Plan> {
  const plan = await db
    .selectFrom('plans')
    .selectAll()
    .where('name', '=', 'Free')
    .where('billing_period', '=', 'Monthly')
    .executeTakeFirst();
  if (!plan) throw new Error('The Free plan is missing (migration 0200)');
  return plan;
}

export const isFree = (plan: Plan) => plan.price_cents === 0;

/** A plan's domain-monitoring terms by name (every billing period of a plan has the same). */
export function findMonitorTermsOfPlan(db: Executor, planName: string) {
  return db
    .selectFrom('plans')
    .select(['monitors_count', 'monitor_check'])
    .where('name', '=', planName as 'Free')
    .orderBy('billing_period')
    .executeTakeFirst();
}

/** How many saved searches a plan allows, by name; none for an unknown plan. */
export async function savedSearchesOfPlan(db: Executor, planName: string): Promise<number> {
  const plan = await db
    .selectFrom('plans')
    .select('saved_searches_count')
    .where('name', '=', planName as 'Free')
    .orderBy('billing_period')
    .executeTakeFirst();
  return plan?.saved_searches_count ?? 0;
}
