import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * CMS HTML comes from outside the product (a WordPress may be configured), so it is cleaned in
 * the browser before React renders it: no scripts, handlers or frames.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] });
}

export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The text of a rendered title or excerpt (`title.rendered` carries entities such as &#8217;). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return doc.body.textContent?.trim() ?? '';
}
