import type { Db } from '../../db/database.ts';
import { usageSince } from './scans.repository.ts';

/** The outcome of spending quota; when `allowed` is false nothing was counted. */
export type QuotaUse = { allowed: boolean; used: number; limit: number; resetsAt: Date };

/** The plan flags the scan service reads (SPEC §3 Membership plan). */
export type ScanPlanFlags = {
  plan: string;
  api_access: boolean;
  export_results: boolean;
  data_export: boolean;
  scan_profiles: boolean;
};

/**
 * What the scan service needs from plans and memberships. The memberships module (issue 9)
 * provides exactly these functions as `app.memberships`; until it is wired in, the built-in
 * Free-plan allowance below applies to everyone.
 */
export interface PlanAllowance {
  consumeScan(userId: number): Promise<QuotaUse>;
  consumeTokens(userId: number, n: number): Promise<QuotaUse>;
  planFlags(userId: number): Promise<ScanPlanFlags>;
}

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
 * One plan for every account, counted from the scans table per calendar month: a scan is
 * counted by the row its request inserts, tokens by the `ai_tokens` the worker records.
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
    consumeTokens: (userId, n) => use(userId, 'tokens', n, plan.tokens_count),
    planFlags: async () => ({ ...plan.flags }),
  };
}

export const freePlanAllowance = (db: Db) => monthlyPlanAllowance(db, FREE_PLAN);
