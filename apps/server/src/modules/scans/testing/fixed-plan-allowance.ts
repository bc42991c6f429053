import type { Db } from '../../../db/database.ts';
import type { PlanAllowance, QuotaUse, ScanPlanFlags } from '../plan-allowance.ts';
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

export type PlanTerms = { scans_count: number; tokens_count: number; flags: ScanPlanFlags };

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
    consumeScan: (userId) => use(userId, 'scans', 1, plan.scans_count),
    // Counted from the scans table, where a refunded scan is marked so and no longer counts.
    returnScan: async () => {},
    consumeTokens: (userId, n) => use(userId, 'tokens', n, plan.tokens_count),
    planFlags: async () => ({ ...plan.flags }),
  };
}
