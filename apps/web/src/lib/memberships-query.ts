import { membershipsResponseSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from './session-request.ts';

/** GET /memberships/ for the signed-in user; `current` is null before a first plan. Shared by the shop and the profile. */
export const membershipsQuery = queryOptions({
  queryKey: ['memberships', 'mine'],
  queryFn: async () => membershipsResponseSchema.parse(await sessionRequest('api', '/memberships/')),
});
