import type { PlanFlags } from '@riskscan/contracts';
import { planFlagsOf } from '../plans/plan-presenter.ts';
import { currentMembership, quotaWindowOf } from './current-membership.ts';
import { readUsage } from './memberships.repository.ts';
import type { QuotaContext } from './quota.ts';

/** A feature a plan grants or withholds (SPEC §3 flags): `external_reputation`, `api_access`, `scan_profiles`, … */
export type Entitlement = keyof PlanFlags;

/**
 * Billing's answer to "may this account do X, how much is left": services ask it, routes never
 * read plan flags themselves (decision 156).
 */
export type Entitlements = {
  allows(userId: number, what: Entitlement): Promise<boolean>;
  /** Scans the account may still start in its current quota period. */
  scansLeft(userId: number): Promise<number>;
  /** The name of the account's current plan, for terms kept by plan (monitoring's allowance). */
  planName(userId: number): Promise<string>;
};

/** Entitlements read from the account's current membership; the API process and scan workers build the same. */
export function createEntitlements(ctx: QuotaContext): Entitlements {
  return {
    async allows(userId, what) {
      const { plan } = await currentMembership(ctx.db, userId, ctx.clock());
      return planFlagsOf(plan)[what];
    },
    async scansLeft(userId) {
      const now = ctx.clock();
      const { membership, plan } = await currentMembership(ctx.db, userId, now);
      const usage = await readUsage(ctx.db, userId, quotaWindowOf(membership, now).start);
      return Math.max(0, plan.scans_count - usage.scans_used);
    },
    async planName(userId) {
      return (await currentMembership(ctx.db, userId, ctx.clock())).plan.name;
    },
  };
}
