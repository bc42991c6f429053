import { pageOf, scanSummarySchema } from '@riskscan/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

const historyPage = pageOf(scanSummarySchema);

/** GET /scan-history/?page={n}&user={uid}: `page` is the zero-based index plus 1 (SPEC §7). */
export const scanHistoryQuery = (page: number, userUid: string) =>
  queryOptions({
    queryKey: ['scan-history', userUid, page],
    queryFn: async () => historyPage.parse(await sessionRequest('api', '/scan-history/', { query: { page, user: userUid } })),
    placeholderData: keepPreviousData,
  });
