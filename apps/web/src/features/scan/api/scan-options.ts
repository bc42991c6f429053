import { type ScanOptions, scanOptionsSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** Keyed by user: the proxies and agents offered depend on the plan. */
export const scanOptionsQuery = (userUid: string | undefined) =>
  queryOptions({
    queryKey: ['scan-options', userUid],
    queryFn: async (): Promise<ScanOptions> => scanOptionsSchema.parse(await sessionRequest<unknown>('api', '/scan-options/')),
    staleTime: 5 * 60_000,
  });

/** Fetched only for signed-in users (SPEC §6); a failure is only logged and hides the selects. */
export function useScanOptions(userUid: string | undefined) {
  return useQuery(scanOptionsQuery(userUid));
}
