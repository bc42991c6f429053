import { scanProfileSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionRequest } from './session-request.ts';

export const SCAN_PROFILES_KEY = 'scan-profiles';

/**
 * The signed-in user's scan profiles: the scanner's select and the profile's template editor share
 * one cache, keyed by user so a different sign-in never sees the last one's list.
 */
export const scanProfilesQuery = (userUid: string | undefined) =>
  queryOptions({
    queryKey: [SCAN_PROFILES_KEY, userUid],
    queryFn: async () => z.array(scanProfileSchema).parse(await sessionRequest('api', '/scan-profiles/')),
    staleTime: 5 * 60_000,
  });
