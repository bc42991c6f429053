import type { MonitorCheckInterval } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { findMonitorTermsOfPlan } from '../billing/index.ts';

/** What a plan allows: how many domains, checked how often (plans table, migration 0600). */
export type MonitorPlanTerms = { monitors_count: number; monitor_check: MonitorCheckInterval };

export const CHECK_INTERVAL_MS: Record<MonitorCheckInterval, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** The terms of a plan by name (every billing period of a plan has the same); none for an unknown plan. */
export async function monitorTermsOfPlan(db: Db, planName: string): Promise<MonitorPlanTerms> {
  const plan = await findMonitorTermsOfPlan(db, planName);
  return plan ?? { monitors_count: 0, monitor_check: 'daily' };
}
