import type { FastifyInstance } from 'fastify';
import type { CurrentMembership, MembershipsResponse, PlanName, PlansResponse } from '@riskscan/contracts';
import type { SignedInUser } from '../../../accounts/testing/account-factory.ts';
import { insertActiveMembership } from '../memberships.repository.ts';

// Billing tests sign in through the accounts' factory; re-exported so their imports stay in one place.
export { signedInUser, type SignedInUser } from '../../../accounts/testing/account-factory.ts';

export async function plansByName(app: FastifyInstance) {
  const plans = (await app.inject({ method: 'GET', url: '/api/memberships/plans/' })).json<PlansResponse>();
  const find = (period: 'Monthly' | 'Yearly', name: string) => {
    const plan = plans[period].find((p) => p.plan_name === name);
    if (!plan) throw new Error(`no ${period} ${name} plan`);
    return plan;
  };
  return { monthly: (name: string) => find('Monthly', name), yearly: (name: string) => find('Yearly', name) };
}

export async function membershipsOf(
  app: FastifyInstance,
  user: SignedInUser,
): Promise<MembershipsResponse & { current: CurrentMembership }> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/memberships/', headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`memberships: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Puts an account on the named plan at once, as a completed purchase would (no payment provider). */
export async function putOnPlan(app: FastifyInstance, userId: number, planName: PlanName): Promise<void> {
  const plan = await app.db.selectFrom('plans').select('id').where('name', '=', planName).executeTakeFirstOrThrow();
  await insertActiveMembership(app.db, {
    user_id: userId,
    plan_id: plan.id,
    provider: null,
    subscription_id: null,
    customer_id: null,
    started_at: new Date(),
    period_start: new Date(),
    period_end: null,
    scheduled_plan_id: null,
  });
}
