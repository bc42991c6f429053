import { checkResultSchema, scanSummarySchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** The detail record carries the full report under `data`, as the recent-scan call does. */
const historyDetail = scanSummarySchema.extend({ data: checkResultSchema });

export const scanHistoryDetailQuery = (uid: string) =>
  queryOptions({
    queryKey: ['scan-history', 'detail', uid],
    queryFn: async () => historyDetail.parse(await sessionRequest('api', `/scan-history/${encodeURIComponent(uid)}/`)),
  });
