import { singlePlanSchema } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { sessionRequest } from '@/lib/session-request.ts';

/**
 * GET /memberships/plans/{id}/: with the session when signed in (the server then works out the
 * upgrade cost and unused credit), publicly otherwise (SPEC §7).
 */
export const usePlan = (id: string, signedIn: boolean) =>
  useQuery({
    queryKey: ['memberships', 'plan', id, signedIn],
    queryFn: async () => {
      const path = `/memberships/plans/${encodeURIComponent(id)}/`;
      return singlePlanSchema.parse(signedIn ? await sessionRequest('api', path) : await apiRequest('api', path));
    },
  });
