import { htmlToText } from '@/lib/page-kit/sanitized-html.tsx';
import type { CmsPage } from '@riskscan/contracts';

/** The content routes of SPEC §2 and the CMS page title each shows. */
export const CONTENT_PAGE_TITLES: Record<string, string> = {
  '/usecases': 'Use Cases',
  '/integration': 'Integration',
  '/technology': 'Technology',
  '/faq': 'FAQ',
  '/scam-categories': 'Scam Categories',
};

/** The page whose rendered title is `title` (titles may carry entities, so compare their text). */
export function pageTitled(pages: readonly CmsPage[], title: string): CmsPage | undefined {
  return pages.find((page) => htmlToText(page.title.rendered) === title);
}
