import { useEffect } from 'react';
import { useLocation } from 'react-router';
import '@/lib/page-kit/page-kit.css';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { SanitizedHtml } from '@/lib/page-kit/sanitized-html.tsx';
import { useCmsPages } from '../api/cms-pages.ts';
import { CONTENT_PAGE_TITLES, pageTitled } from '../content-pages.ts';
import '../content.css';

/** /usecases, /integration, /technology, /faq, /scam-categories: one CMS page each (SPEC §2). */
export default function ContentPageRoute() {
  const { pathname } = useLocation();
  const title = CONTENT_PAGE_TITLES[pathname.replace(/\/$/, '')] ?? '';
  const pages = useCmsPages();
  useEffect(() => {
    // SPEC §7: a failed load is only logged; the page stays empty.
    if (pages.error) console.error('content page failed to load', pages.error);
  }, [pages.error]);
  const page = pages.data ? pageTitled(pages.data, title) : undefined;

  return (
    <article className="pk-page content-page">
      <header className="content-page__hero">
        <p className="content-page__eyebrow">Solution</p>
        <h1>{title}</h1>
      </header>
      {pages.isPending ? <ProgressBar /> : page && <SanitizedHtml className="pk-prose content-page__body" html={page.content.rendered} />}
    </article>
  );
}
