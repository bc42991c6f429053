/** The outcome of spending quota; when `allowed` is false nothing was counted. */
export type QuotaUse = { allowed: boolean; used: number; limit: number; resetsAt: Date };

/**
 * The quotas the scan service spends: `app.memberships` in the API process, `createPlanQuotas` in
 * scan workers. What a plan allows is asked of billing's entitlements.
 */
export interface PlanAllowance {
  /** `scans`: how many the scan counts as, one per viewer it opens the page as (1 by default). */
  consumeScan(userId: number, scans?: number): Promise<QuotaUse>;
  /** Gives back a scan (its `scans` units) counted at `chargedAt` (its page could not be reached). */
  returnScan(userId: number, chargedAt: Date, scans?: number): Promise<void>;
  consumeTokens(userId: number, n: number): Promise<QuotaUse>;
}
