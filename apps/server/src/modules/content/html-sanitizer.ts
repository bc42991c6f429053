import sanitizeHtml from 'sanitize-html';

/**
 * Every HTML fragment the CMS serves passes through here first (issue 10: sanitised on the
 * server; the web app sanitises again before rendering). Articles may carry headings, lists,
 * tables, code and images; never scripts, styles, frames, event handlers or `javascript:` links.
 */
const articlePolicy: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
    ...['a', 'strong', 'em', 'b', 'i', 'code', 'pre', 'kbd', 'sub', 'sup', 'del', 'mark', 'abbr'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    abbr: ['title'],
    h2: ['id'],
    h3: ['id'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the site open safely: no access to window.opener, no referrer.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articlePolicy);
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * A comment is plain text: markup a visitor types is shown as text, never interpreted, and links
 * stay unclickable so a held-back link cannot sneak through as an anchor. Blank lines make
 * paragraphs and single line breaks stay.
 */
export function commentTextToHtml(text: string): string {
  const paragraphs = text
    .replaceAll('\r\n', '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br />\n')}</p>`);
  return sanitizeHtml(paragraphs.join('\n'), { allowedTags: ['p', 'br'], allowedAttributes: {} });
}
