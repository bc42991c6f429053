import { readJson, writeJson } from '@/lib/storage-keys.ts';

/** Where "Save my name and email in this browser" keeps them (like WordPress's comment cookies). */
export const COMMENT_AUTHOR_KEY = 'comment-author';

export type CommentAuthor = { name: string; email: string };

export const loadCommentAuthor = (): CommentAuthor | null => readJson<CommentAuthor>(COMMENT_AUTHOR_KEY);

export function rememberCommentAuthor(author: CommentAuthor | null): void {
  if (author) writeJson(COMMENT_AUTHOR_KEY, author);
  else localStorage.removeItem(COMMENT_AUTHOR_KEY);
}
