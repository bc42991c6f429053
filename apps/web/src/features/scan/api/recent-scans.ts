import { type ScanSummary, scanSummarySchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { RECENT_SCANS_REFRESH_MS } from '../model/scan-constants.ts';

/** The public board (DESIGN §5: `GET /api/recent-scans/`, the 10 newest public scans). */
export const recentScansQueryOptions = queryOptions({
  queryKey: ['recent-scans'],
  queryFn: async (): Promise<ScanSummary[]> => scanSummarySchema.array().parse(await apiRequest<unknown>('scanApi', '/recent-scans/')),
  refetchInterval: RECENT_SCANS_REFRESH_MS,
  refetchIntervalInBackground: false,
});

export function useRecentScans() {
  return useQuery(recentScansQueryOptions);
}
