import type { BlogPost } from '@riskscan/contracts';
import { Link } from 'react-router';
import { htmlToText } from '@/lib/page-kit/sanitized-html.tsx';
import { formatPostDate } from '../blog-format.ts';
import { PostImage } from './post-image.tsx';

export function PostCard({ post }: { post: BlogPost }) {
  const title = htmlToText(post.title.rendered);
  return (
    <article className="blog-card pk-card">
      <PostImage className="blog-card__image" mediaId={post.featured_media} alt="" />
      <div className="blog-card__body">
        <time className="blog-card__date" dateTime={post.date}>
          {formatPostDate(post.date)}
        </time>
        <h2 className="blog-card__title">
          <Link to={`/blogdetail/${post.slug}/`}>{title}</Link>
        </h2>
        <p className="blog-card__excerpt">{htmlToText(post.excerpt.rendered)}</p>
        <Link className="blog-card__more" to={`/blogdetail/${post.slug}/`} aria-label={`Read More: ${title}`}>
          Read More →
        </Link>
      </div>
    </article>
  );
}
