import { SanitizedHtml } from '@/lib/page-kit/sanitized-html.tsx';
import { useComments } from '../api/comments.ts';
import { formatPostDate } from '../blog-format.ts';

export function CommentList({ postId }: { postId: number }) {
  const { data: comments = [] } = useComments(postId);
  if (comments.length === 0) return null;
  return (
    <section className="blog-comments" aria-labelledby="blog-comments-title">
      <h2 id="blog-comments-title">{comments.length === 1 ? '1 comment' : `${comments.length} comments`}</h2>
      <ol>
        {comments.map((comment) => (
          <li key={comment.id} className="blog-comment">
            <span className="blog-comment__avatar" aria-hidden="true">
              {comment.author_name.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <p className="blog-comment__author">
                <strong>{comment.author_name}</strong>
                {comment.author_url && <span className="blog-comment__company">{comment.author_url}</span>}
                <time dateTime={comment.date}>{formatPostDate(comment.date)}</time>
              </p>
              <SanitizedHtml className="blog-comment__content" html={comment.content.rendered} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
