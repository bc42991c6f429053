import { parsePage } from '../page/page-facts.ts';
import { sameSite, urlFacts } from '../url/url-facts.ts';

/** One visitor's view of the page: where it ended and what it read. */
export interface PageView {
  finalUrl: string;
  status: number | null;
  html: string | null;
}

/** What a crawler and a browser were shown, and whether that differs enough to call it cloaking. */
export interface CloakingComparison {
  crawlerUrl: string;
  browserUrl: string;
  /** Share of words the two pages have in common (0-1); null when either has no text. */
  similarity: number | null;
  differs: boolean;
  reason: string | null;
}

/** Below this overlap of words two versions of a page are different pages, not variants. */
const MIN_SIMILARITY = 0.3;

const words = (html: string, url: string) =>
  new Set(
    parsePage(html, url)
      .text.toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );

function jaccard(a: Set<string>, b: Set<string>): number | null {
  if (a.size === 0 || b.size === 0) return null;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

const succeeded = (view: PageView) => view.status !== null && view.status < 400 && view.html !== null;
/** A visit that got no answer at all (a timeout) says nothing about what the site shows to whom. */
const answered = (view: PageView) => view.status !== null;

/**
 * Compares a crawler's and a browser's visit: a different destination site, a page for one and an
 * error for the other, or text with little in common is a material difference.
 */
export function compareViews(crawler: PageView, browser: PageView): CloakingComparison {
  const base = { crawlerUrl: crawler.finalUrl, browserUrl: browser.finalUrl };
  const similarity =
    crawler.html && browser.html ? jaccard(words(crawler.html, crawler.finalUrl), words(browser.html, browser.finalUrl)) : null;
  const result = (reason: string | null): CloakingComparison => ({ ...base, similarity, differs: reason !== null, reason });

  if (!sameSite(urlFacts(crawler.finalUrl), urlFacts(browser.finalUrl)))
    return result(`A crawler ends on ${crawler.finalUrl}, a browser on ${browser.finalUrl}.`);
  if (answered(crawler) && answered(browser) && succeeded(crawler) !== succeeded(browser))
    return result(
      succeeded(browser) ? 'A crawler gets an error where a browser gets a page.' : 'A browser gets an error where a crawler gets a page.',
    );
  if (similarity !== null && similarity < MIN_SIMILARITY)
    return result(`A crawler and a browser are shown different content (${Math.round(similarity * 100)}% of words in common).`);
  return result(null);
}
