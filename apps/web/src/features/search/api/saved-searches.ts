import { savedSearchListSchema, savedSearchMatchesSchema, savedSearchSchema, type SavedSearchInput } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** `GET /saved-searches/`: the member's saved searches with their new-match counts, and the plan's allowance. */
export const savedSearchesQuery = queryOptions({
  queryKey: ['saved-searches'],
  queryFn: async () => savedSearchListSchema.parse(await sessionRequest('api', '/saved-searches/')),
});

/** The matches of one saved search; opening them counts as looking, so the list's new count drops to 0. */
export const savedSearchMatchesQuery = (uid: string) =>
  queryOptions({
    queryKey: ['saved-searches', uid, 'matches'],
    queryFn: async () => savedSearchMatchesSchema.parse(await sessionRequest('api', `/saved-searches/${encodeURIComponent(uid)}/matches/`)),
    retry: false,
  });

export const saveSearch = async (input: SavedSearchInput) =>
  savedSearchSchema.parse(await sessionRequest('api', '/saved-searches/', { body: input }));

export const deleteSavedSearch = (uid: string) =>
  sessionRequest('api', `/saved-searches/${encodeURIComponent(uid)}/`, { method: 'DELETE' });
