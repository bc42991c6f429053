import type { FastifyInstance } from 'fastify';
import type { CurrentMembership, MembershipsResponse, PlansResponse } from '@riskscan/contracts';
import type { SignedInUser } from '../../../accounts/testing/account-factory.ts';

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
