import { categorySchema, mediaSchema } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** GET media/{id}: the image address is `guid.rendered` (SPEC §7). Id 0 means no featured image. */
export const useMediaUrl = (id: number) =>
  useQuery({
    queryKey: ['cms', 'media', id],
    queryFn: async () => mediaSchema.parse(await apiRequest('cms', `/wp-json/wp/v2/media/${id}`)).guid.rendered,
    enabled: id > 0,
    staleTime: Infinity,
    // A missing image is skipped, not retried (SPEC §7).
    retry: false,
  });

/** GET categories/{id}: its name labels a post. */
export const useCategoryName = (id: number | undefined) =>
  useQuery({
    queryKey: ['cms', 'category', id],
    queryFn: async () => categorySchema.parse(await apiRequest('cms', `/wp-json/wp/v2/categories/${id}`)).name,
    enabled: id !== undefined,
    staleTime: Infinity,
  });
