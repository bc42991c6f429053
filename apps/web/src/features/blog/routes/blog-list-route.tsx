import { BLOG_PAGE_SIZE } from '@riskscan/contracts';
import { useEffect, useState } from 'react';
import '@/lib/page-kit/page-kit.css';
import { Pagination } from '@/lib/page-kit/pagination.tsx';
import { htmlToText } from '@/lib/page-kit/sanitized-html.tsx';
import { Skeleton } from '@/lib/page-kit/skeleton.tsx';
import { BLOG_TABS, usePosts } from '../api/posts.ts';
import { PostCard } from '../components/post-card.tsx';
import '../blog.css';

/** SPEC §4: the list's loading state clears 1 second after the posts arrive. */
export const SETTLE_MS = 1000;

function useSettled(dataUpdatedAt: number): boolean {
  const [settledAt, setSettledAt] = useState(0);
  useEffect(() => {
    if (!dataUpdatedAt) return;
    const timer = window.setTimeout(() => setSettledAt(dataUpdatedAt), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [dataUpdatedAt]);
  return dataUpdatedAt > 0 && settledAt === dataUpdatedAt;
}

export default function BlogListRoute() {
  const [tabId, setTabId] = useState<number>(1);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const tab = BLOG_TABS.find((t) => t.id === tabId) ?? BLOG_TABS[0];
  const posts = usePosts(tab.category);
  const settled = useSettled(posts.dataUpdatedAt);

  useEffect(() => {
    // SPEC §7: a failed blog load is only logged.
    if (posts.error) console.error('blog posts failed to load', posts.error);
  }, [posts.error]);

  const all = posts.data ?? [];
  const pageCount = Math.ceil(all.length / BLOG_PAGE_SIZE);
  const needle = filter.trim().toLowerCase();
  // The filter narrows the current page by title (SPEC §2).
  const shown = all
    .slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE)
    .filter((post) => htmlToText(post.title.rendered).toLowerCase().includes(needle));

  function chooseTab(id: number) {
    setTabId(id);
    setPage(1);
  }

  return (
    <div className="pk-page blog">
      <header className="blog__hero">
        <h1>Blog</h1>
        <p className="pk-lead">News about the threats we see and features that help you catch them.</p>
      </header>
      <div className="blog__toolbar">
        <div className="blog__tabs" role="tablist" aria-label="Posts">
          {BLOG_TABS.map((t) => (
            <button key={t.id} type="button" role="tab" aria-selected={t.id === tabId} onClick={() => chooseTab(t.id)}>
              {t.label}
            </button>
          ))}
        </div>
        <input
          className="pk-input blog__filter"
          type="search"
          placeholder="Category"
          aria-label="Filter posts by title"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <div className="blog__list" role="tabpanel" aria-busy={!settled}>
        {posts.isError ? null : !settled ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} media lines={4} />)
        ) : shown.length === 0 ? (
          <p className="pk-hint">No posts found.</p>
        ) : (
          shown.map((post) => <PostCard key={post.id} post={post} />)
        )}
      </div>
      {settled && <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Blog pages" />}
    </div>
  );
}
