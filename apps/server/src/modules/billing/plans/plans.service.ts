import type { PlansResponse } from '@riskscan/contracts';
import type { Db } from '../../../db/database.ts';
import { presentPlanLists } from './plan-presenter.ts';
import { listPlans } from './plans.repository.ts';

/** The pricing table: every plan, monthly and yearly. */
export async function planLists(db: Db): Promise<PlansResponse> {
  return presentPlanLists(await listPlans(db));
}
