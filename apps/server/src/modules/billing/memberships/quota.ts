import { currentMembership, quotaWindowOf } from './current-membership.ts';
import type { MembershipsContext } from './memberships-context.ts';
import { addUsageWithinLimit, readUsage, subtractUsage, type UsageCounter } from './memberships.repository.ts';

/** The outcome of spending quota; when `allowed` is false nothing was counted. */
export type QuotaUse = { allowed: boolean; used: number; limit: number; resetsAt: Date };

const LIMIT_OF: Record<UsageCounter, 'scans_count' | 'tokens_count'> = { scans_used: 'scans_count', tokens_used: 'tokens_count' };

/** What quota accounting needs: the database and the billing clock. */
export type QuotaContext = Pick<MembershipsContext, 'db' | 'clock'>;

async function consume(ctx: QuotaContext, userId: number, counter: UsageCounter, amount: number): Promise<QuotaUse> {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`quota amounts are whole non-negative numbers, got ${amount}`);
  const now = ctx.clock();
  const { membership, plan } = await currentMembership(ctx.db, userId, now);
  const window = quotaWindowOf(membership, now);
  const limit = plan[LIMIT_OF[counter]];
  const used = await addUsageWithinLimit(ctx.db, { userId, windowStart: window.start }, counter, amount, limit);
  if (used !== undefined) return { allowed: true, used, limit, resetsAt: window.end };
  const current = await readUsage(ctx.db, userId, window.start);
  return { allowed: false, used: current[counter], limit, resetsAt: window.end };
}

/**
 * Counts a scan against the account's plan for this period, as `scans` scans (one per viewer it
 * opens the page as); refused (not counted) when they would exceed the quota.
 */
export const consumeScan = (ctx: QuotaContext, userId: number, scans = 1) => consume(ctx, userId, 'scans_used', scans);

/** Gives back a scan (its `scans` units) counted at `chargedAt` (its page could not be reached), to the period it was counted in. */
export async function returnScan(ctx: QuotaContext, userId: number, chargedAt: Date, scans = 1): Promise<void> {
  const { membership } = await currentMembership(ctx.db, userId, ctx.clock());
  await subtractUsage(ctx.db, { userId, windowStart: quotaWindowOf(membership, chargedAt).start }, 'scans_used', scans);
}

/** Counts `n` AI tokens; refused (not counted) when they would exceed the period's quota. */
export const consumeTokens = (ctx: QuotaContext, userId: number, n: number) => consume(ctx, userId, 'tokens_used', n);

/** The plan quotas as one object, for the API process and for scan workers outside it. */
export function createPlanQuotas(ctx: QuotaContext) {
  return {
    consumeScan: (userId: number, scans?: number) => consumeScan(ctx, userId, scans),
    returnScan: (userId: number, chargedAt: Date, scans?: number) => returnScan(ctx, userId, chargedAt, scans),
    consumeTokens: (userId: number, n: number) => consumeTokens(ctx, userId, n),
  };
}
