import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml, sanitizeArticleHtml } from './html-sanitizer.ts';

const marked = new Marked({ gfm: true, async: false });

/** Markdown to HTML that is safe to serve. */
export function renderMarkdown(markdown: string): string {
  return sanitizeArticleHtml(marked.parse(markdown) as string);
}

/** The text of a fragment without its markup, for search and excerpts. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replaceAll(/\s+/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .trim();
}

const EXCERPT_WORDS = 55;

/**
 * The excerpt WordPress would serve: the author's summary when given, otherwise the article's
 * first 55 words, as one sanitised paragraph.
 */
export function renderExcerpt(summary: string | undefined, contentHtml: string): string {
  if (summary) return `${renderMarkdown(summary).trim()}\n`;
  const words = plainText(contentHtml).split(' ');
  const text = words.length > EXCERPT_WORDS ? `${words.slice(0, EXCERPT_WORDS).join(' ')} […]` : words.join(' ');
  return `<p>${escapeHtml(text)}</p>\n`;
}
