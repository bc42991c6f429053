import { blogCommentSchema, type CreateComment, wpCommentSchema } from '@riskscan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

const commentsKey = (postId: number) => ['cms', 'comments', postId] as const;

/** GET comments/?post={id}: approved comments, public to anyone. */
export const useComments = (postId: number) =>
  useQuery({
    queryKey: commentsKey(postId),
    queryFn: async () =>
      z.array(blogCommentSchema).parse(await apiRequest('cms', '/wp-json/wp/v2/comments/', { query: { post: postId, per_page: 100 } })),
  });

export type NewComment = Omit<CreateComment, 'post'>;

/** POST comments/?post={id}: anyone may comment (SPEC §6); the list refreshes afterwards. */
export const usePostComment = (postId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (comment: NewComment) =>
      wpCommentSchema
        .pick({ status: true })
        .parse(await apiRequest('cms', '/wp-json/wp/v2/comments/', { query: { post: postId }, body: comment })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
};
