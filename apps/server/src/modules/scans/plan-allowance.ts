/** The outcome of spending quota; when `allowed` is false nothing was counted. */
export type QuotaUse = { allowed: boolean; used: number; limit: number; resetsAt: Date };

/**
 * The quotas the scan service spends: `app.memberships` in the API process, `createPlanQuotas` in
 * scan workers. What a plan allows is asked of billing's entitlements.
 */
export interface PlanAllowance {
  consumeScan(userId: number): Promise<QuotaUse>;
  /** Gives back a scan counted at `chargedAt` (its page could not be reached). */
  returnScan(userId: number, chargedAt: Date): Promise<void>;
  consumeTokens(userId: number, n: number): Promise<QuotaUse>;
}
