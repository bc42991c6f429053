import { MEMBERSHIP_MESSAGES, type SinglePlan } from '@riskscan/contracts';
import { dollars, presentPlan } from '../plans/plan-presenter.ts';
import type { Executor } from '../../../db/database.ts';
import { NotFoundError } from '../../../domain-errors.ts';
import { findPlanByUid, isFree, type Plan } from '../plans/plans.repository.ts';
import { unusedCreditCents } from './billing-calendar.ts';
import { currentMembership } from './current-membership.ts';

/**
 * SPEC §3 Single plan for a caller: what is left of a live paid period is credited against the
 * new plan's price (SPEC §9). Guests, Free and cancelled memberships pay the full price.
 */
export async function quotePlan(db: Executor, plan: Plan, userId: number | null, now: Date): Promise<SinglePlan> {
  let creditCents = 0;
  if (userId !== null) {
    const { membership, plan: currentPlan } = await currentMembership(db, userId, now);
    if (!isFree(currentPlan) && !membership.cancel_at_period_end && membership.period_end) {
      creditCents = unusedCreditCents(currentPlan.price_cents, membership.period_start, membership.period_end, now);
    }
  }
  return {
    ...presentPlan(plan),
    monthly: dollars(plan.duration === 'year' ? Math.round(plan.price_cents / 12) : plan.price_cents),
    priceId: plan.price_id,
    cost_to_upgrade: dollars(Math.max(0, plan.price_cents - creditCents)),
    unused_credit: dollars(creditCents),
  };
}

/** The quote for the plan with this uid; an unknown uid is not found. */
export async function quotePlanByUid(db: Executor, planUid: string, userId: number | null, now: Date): Promise<SinglePlan> {
  const plan = await findPlanByUid(db, planUid);
  if (!plan) throw new NotFoundError(MEMBERSHIP_MESSAGES.planNotFound);
  return quotePlan(db, plan, userId, now);
}
