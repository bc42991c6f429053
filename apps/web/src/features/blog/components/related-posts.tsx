import { FEATURES_CATEGORY_ID, NEWS_CATEGORY_ID } from '@riskscan/contracts';
import { Link } from 'react-router';
import { htmlToText } from '@/lib/page-kit/sanitized-html.tsx';
import { usePosts } from '../api/posts.ts';
import { formatPostDate } from '../blog-format.ts';
import { PostImage } from './post-image.tsx';

/** SPEC §2: features posts beside a features post, news posts otherwise. */
export function relatedCategory(categories: readonly number[]): number {
  return categories.includes(FEATURES_CATEGORY_ID) ? FEATURES_CATEGORY_ID : NEWS_CATEGORY_ID;
}

export function RelatedPosts({ postId, categories }: { postId: number; categories: readonly number[] }) {
  const { data = [] } = usePosts(relatedCategory(categories));
  const related = data.filter((post) => post.id !== postId).slice(0, 5);
  return (
    <aside className="blog-related" aria-labelledby="blog-related-title">
      <h2 id="blog-related-title">Related Posts</h2>
      {related.length === 0 ? (
        <p className="pk-hint">No related posts yet.</p>
      ) : (
        <ul>
          {related.map((post) => (
            <li key={post.id}>
              <PostImage className="blog-related__image" mediaId={post.featured_media} alt="" />
              <div>
                <Link to={`/blogdetail/${post.slug}/`}>{htmlToText(post.title.rendered)}</Link>
                <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
