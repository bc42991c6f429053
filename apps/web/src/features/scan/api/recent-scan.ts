import { type CheckResult, recentScanResponseSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** One board entry in full: `GET /api/recent-scans/{uid}/` → `{data: CheckResult}`. */
export const recentScanQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['recent-scans', uid],
    queryFn: async (): Promise<CheckResult> =>
      recentScanResponseSchema.parse(await apiRequest<unknown>('scanApi', `/recent-scans/${encodeURIComponent(uid)}/`)).data,
    staleTime: Infinity,
  });

export function useRecentScan(uid: string) {
  return useQuery(recentScanQueryOptions(uid));
}
