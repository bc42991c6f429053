import { type ScanOptions, scanOptionsSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const scanOptionsQueryOptions = (token: string | undefined) =>
  queryOptions({
    queryKey: ['scan-options', token],
    queryFn: async (): Promise<ScanOptions> =>
      scanOptionsSchema.parse(await apiRequest<unknown>('api', '/scan-options/', token ? { token } : {})),
    staleTime: 5 * 60_000,
  });

/** Fetched only for signed-in users (SPEC §6); a failure is only logged and hides the selects. */
export function useScanOptions(token: string | undefined, enabled: boolean) {
  return useQuery({ ...scanOptionsQueryOptions(token), enabled });
}
