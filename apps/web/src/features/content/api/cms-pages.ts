import { type CmsPage, cmsPageSchema } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** GET {cms}/wp-json/wp/v2/pages: all pages; each content screen picks its own by title (SPEC §7). */
export const fetchCmsPages = async (): Promise<CmsPage[]> =>
  z.array(cmsPageSchema).parse(await apiRequest('cms', '/wp-json/wp/v2/pages', { query: { per_page: 100 } }));

export const cmsPagesQuery = queryOptions({ queryKey: ['cms', 'pages'], queryFn: fetchCmsPages, staleTime: 5 * 60_000 });

export const useCmsPages = () => useQuery(cmsPagesQuery);
