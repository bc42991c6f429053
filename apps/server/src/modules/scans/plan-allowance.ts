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
 * What the scan service needs from plans and memberships: `app.memberships` in the API process,
 * `createPlanQuotas` in scan workers.
 */
export interface PlanAllowance {
  consumeScan(userId: number): Promise<QuotaUse>;
  /** Gives back a scan counted at `chargedAt` (its page could not be reached). */
  returnScan(userId: number, chargedAt: Date): Promise<void>;
  consumeTokens(userId: number, n: number): Promise<QuotaUse>;
  planFlags(userId: number): Promise<ScanPlanFlags>;
}
