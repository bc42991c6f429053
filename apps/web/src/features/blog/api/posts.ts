import { type BlogPost, blogPostSchema, FEATURES_CATEGORY_ID, NEWS_CATEGORY_ID } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** The list tabs of SPEC §4: 1 All and 2 Lastest read every post, 3 news, 4 features. */
export const BLOG_TABS = [
  { id: 1, label: 'All', category: undefined },
  { id: 2, label: 'Lastest', category: undefined },
  { id: 3, label: 'News', category: NEWS_CATEGORY_ID },
  { id: 4, label: 'Features', category: FEATURES_CATEGORY_ID },
] as const;

const postList = z.array(blogPostSchema);

/** Every post of a category (or all), newest first; the list pages and filters them in the browser. */
export const fetchPosts = async (category: number | undefined): Promise<BlogPost[]> =>
  postList.parse(await apiRequest('cms', '/wp-json/wp/v2/posts', { query: { per_page: 100, categories: category } }));

export const postsQuery = (category: number | undefined) =>
  queryOptions({ queryKey: ['cms', 'posts', category ?? 'all'], queryFn: () => fetchPosts(category), staleTime: 60_000 });

export const usePosts = (category: number | undefined) => useQuery(postsQuery(category));

export const fetchPostBySlug = async (slug: string): Promise<BlogPost | null> =>
  postList.parse(await apiRequest('cms', '/wp-json/wp/v2/posts', { query: { slug } }))[0] ?? null;

export const usePostBySlug = (slug: string) => useQuery({ queryKey: ['cms', 'post', slug], queryFn: () => fetchPostBySlug(slug) });
