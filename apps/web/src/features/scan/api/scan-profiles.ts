import { type ScanProfile, scanProfileSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const scanProfilesQueryOptions = (token: string | undefined) =>
  queryOptions({
    queryKey: ['scan-profiles', token],
    queryFn: async (): Promise<ScanProfile[]> =>
      scanProfileSchema.array().parse(await apiRequest<unknown>('api', '/scan-profiles/', token ? { token } : {})),
    staleTime: 5 * 60_000,
  });

export function useScanProfiles(token: string | undefined, enabled: boolean) {
  return useQuery({ ...scanProfilesQueryOptions(token), enabled });
}
