import { singlePlanSchema } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { membershipsQuery } from './memberships-query.ts';
import { sessionRequest } from './session-request.ts';

/**
 * Whether the signed-in member's plan includes exports (`export_results` or `data_export`), known
 * before any click: `undefined` while it loads, false for a guest and before a first plan.
 */
export function usePlanAllowsExport(loggedIn: boolean): boolean | undefined {
  const memberships = useQuery({ ...membershipsQuery, enabled: loggedIn });
  const planUid = memberships.data?.current?.plan_uid;
  const plan = useQuery({
    queryKey: ['memberships', 'plan', planUid, true],
    queryFn: async () => singlePlanSchema.parse(await sessionRequest('api', `/memberships/plans/${encodeURIComponent(planUid!)}/`)),
    enabled: Boolean(planUid),
  });
  if (!loggedIn) return false;
  if (memberships.isPending) return undefined;
  if (!planUid) return false;
  if (!plan.data) return undefined;
  return plan.data.export_results || plan.data.data_export;
}
