import type { PlanFlags } from '@riskscan/contracts';
import type { Db } from '../../../db/database.ts';
import type { Entitlements } from '../../billing/index.ts';
import type { PlanAllowance, QuotaUse } from '../plan-allowance.ts';
import { usageSince } from '../scans.repository.ts';

/** SPEC §9: the Free plan's quotas; its flags allow the basic rule-based checks only. */
export const FREE_PLAN: PlanTerms = {
  scans_count: 100,
  tokens_count: 150,
  flags: { plan: 'Free', api_access: false, export_results: false, data_export: false, scan_profiles: false },
};

function calendarMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** A plan's name, quotas and the flags it grants; a flag not named is withheld. */
export type PlanTerms = { scans_count: number; tokens_count: number; flags: { plan: string } & Partial<PlanFlags> };

/**
 * Test and benchmark stand-in for memberships: one fixed plan for every account, counted from
 * the scans table per calendar month (a scan by the row its request inserts unless refunded, tokens by the
 * `ai_tokens` the worker records), so a test can grant any plan's flags without a purchase.
 */
export function monthlyPlanAllowance(db: Db, plan: PlanTerms, clock: () => Date = () => new Date()): PlanAllowance {
  async function use(userId: number, counter: 'scans' | 'tokens', amount: number, limit: number): Promise<QuotaUse> {
    const period = calendarMonth(clock());
    const used = (await usageSince(db, userId, period.start))[counter];
    const allowed = used + amount <= limit;
    return { allowed, used: allowed ? used + amount : used, limit, resetsAt: period.end };
  }
  return {
    consumeScan: (userId, scans = 1) => use(userId, 'scans', scans, plan.scans_count),
    // Counted from the scans table, where a refunded scan is marked so and no longer counts.
    returnScan: async () => {},
    consumeTokens: (userId, n) => use(userId, 'tokens', n, plan.tokens_count),
  };
}

/** What the fixed plan allows every account, as billing's entitlements answer it. */
export function fixedEntitlements(db: Db, plan: PlanTerms, clock: () => Date = () => new Date()): Entitlements {
  return {
    allows: async (_userId, what) => plan.flags[what] ?? false,
    scansLeft: async (userId) => Math.max(0, plan.scans_count - (await usageSince(db, userId, calendarMonth(clock()).start)).scans),
    planName: async () => plan.flags.plan,
  };
}

/** `buildApp`'s dependencies that put every account on `plan`: its quotas and its entitlements. */
export function fixedPlan(plan: PlanTerms): { planAllowance: (db: Db) => PlanAllowance; entitlements: (db: Db) => Entitlements } {
  return { planAllowance: (db) => monthlyPlanAllowance(db, plan), entitlements: (db) => fixedEntitlements(db, plan) };
}
