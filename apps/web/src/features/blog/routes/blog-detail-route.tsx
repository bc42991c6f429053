import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { applyRouteMeta } from '@/lib/route-meta.ts';
import '@/lib/page-kit/page-kit.css';
import { htmlToText, SanitizedHtml } from '@/lib/page-kit/sanitized-html.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { useCategoryName } from '../api/media.ts';
import { usePostBySlug } from '../api/posts.ts';
import { formatPostDate, showsCategory } from '../blog-format.ts';
import { CommentForm } from '../components/comment-form.tsx';
import { CommentList } from '../components/comment-list.tsx';
import { PostImage } from '../components/post-image.tsx';
import { RelatedPosts } from '../components/related-posts.tsx';
import '../blog.css';

/** /blogdetail/{slug}/ (SPEC §2 Blog detail). */
export default function BlogDetailRoute() {
  const { slug = '' } = useParams();
  const post = usePostBySlug(slug);
  const { data: category } = useCategoryName(post.data?.categories[0]);

  useEffect(() => {
    if (post.error) console.error('blog post failed to load', post.error);
  }, [post.error]);

  // The tab names the post ("<title> | riskscan"), not the route's generic "Blog".
  const title = post.data ? htmlToText(post.data.title.rendered) : null;
  const excerpt = post.data ? htmlToText(post.data.excerpt.rendered).trim() : '';
  useEffect(() => {
    if (title) applyRouteMeta({ title, description: excerpt || 'An article from the riskscan blog.' });
  }, [title, excerpt]);

  return (
    <div className="pk-page blog-detail">
      <nav className="blog-detail__crumbs" aria-label="Breadcrumb">
        <Link to="/blog">Blog</Link>
      </nav>
      <h1 className="pk-visually-hidden">Blog</h1>
      <div className="blog-detail__layout">
        <div className="blog-detail__main">
          {post.isPending ? (
            <Skeleton media lines={8} />
          ) : !post.data ? (
            <p className="pk-hint">
              This post could not be found. Browse the latest posts on the <Link to="/blog">blog</Link>.
            </p>
          ) : (
            <>
              <article className="blog-article">
                {showsCategory(category) && <p className="blog-article__category">{category}</p>}
                <h2 className="blog-article__title">{htmlToText(post.data.title.rendered)}</h2>
                <time className="blog-article__date" dateTime={post.data.date}>
                  {formatPostDate(post.data.date)}
                </time>
                <PostImage className="blog-article__image" mediaId={post.data.featured_media} alt="" />
                <SanitizedHtml className="pk-prose blog-article__content" html={post.data.content.rendered} />
              </article>
              <CommentList postId={post.data.id} />
              <CommentForm postId={post.data.id} />
            </>
          )}
        </div>
        {post.data && <RelatedPosts postId={post.data.id} categories={post.data.categories} />}
      </div>
    </div>
  );
}
