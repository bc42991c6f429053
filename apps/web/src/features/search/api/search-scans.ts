import { searchPageSchema, type SearchPage } from '@riskscan/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** `GET /search/?q=&page=`: the caller's own and public scans; signed-in members also find their unlisted and private ones. */
export const searchScansQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['search', q, page],
    queryFn: async (): Promise<SearchPage> =>
      searchPageSchema.parse(await sessionRequest<unknown>('api', '/search/', { query: { q, page } })),
    enabled: q.trim() !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The page number an absolute `next`/`previous` link of the API points at. */
export function pageOf(link: string | null): number | null {
  if (!link) return null;
  const page = Number(new URL(link).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : null;
}
