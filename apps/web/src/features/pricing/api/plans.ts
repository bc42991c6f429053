import { plansResponseSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** GET {scan-api}/memberships/plans/: Monthly and Yearly lists, public. */
export const plansQuery = queryOptions({
  queryKey: ['memberships', 'plans'],
  queryFn: async () => plansResponseSchema.parse(await apiRequest('scanApi', '/memberships/plans/')),
  staleTime: 5 * 60_000,
});

export const usePlans = () => useQuery(plansQuery);
