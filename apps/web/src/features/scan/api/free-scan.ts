import { type FreeScanResponse, freeScanResponseSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /free-scan/ {uid}`: whether this anonymous id still has its free scan (SPEC §7). */
export async function claimFreeScan(uid: string): Promise<FreeScanResponse> {
  return freeScanResponseSchema.parse(await apiRequest<unknown>('api', '/free-scan/', { body: { uid } }));
}

export const freeScanQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['free-scan', uid], queryFn: () => claimFreeScan(uid), staleTime: Infinity, retry: false });

/** Asked only for guests; a failed answer leaves the form up and lets the server decide at scan time. */
export function useFreeScan(uid: string, enabled: boolean) {
  return useQuery({ ...freeScanQueryOptions(uid), enabled });
}
