import { monitorQuotaSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** The plan's monitor allowance: read by the licence overview and by domain monitoring. */
export const monitorQuotaQuery = queryOptions({
  queryKey: ['monitors', 'quota'],
  queryFn: async () => monitorQuotaSchema.parse(await sessionRequest('api', '/monitors/quota/')),
});
