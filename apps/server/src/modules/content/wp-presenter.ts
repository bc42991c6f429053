import type { WpCategory, WpComment, WpMedia, WpPage, WpPost } from '@riskscan/contracts';
import type { CommentRow } from './comments.repository.ts';
import type { CategoryRow, EntryRow, MediaRow } from './content.repository.ts';
import { escapeHtml } from './html-sanitizer.ts';

/**
 * Rows in WordPress REST v2 shapes. WordPress writes `date` in the site's zone and `date_gmt`
 * in UTC, both without an offset; our site's zone is UTC, so they are equal.
 */
export function wpDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** Absolute URLs, as WordPress serves them, built from the product's public address. */
export type SiteUrls = { publicUrl: string; mediaPath: string };

const site = (urls: SiteUrls, pathname: string) => `${urls.publicUrl.replace(/\/$/, '')}${pathname}`;

export function presentPost(row: EntryRow, urls: SiteUrls): WpPost {
  return {
    id: row.id,
    date: wpDate(row.published_at),
    date_gmt: wpDate(row.published_at),
    modified: wpDate(row.modified_at),
    modified_gmt: wpDate(row.modified_at),
    guid: { rendered: site(urls, `/?p=${row.id}`) },
    slug: row.slug,
    status: 'publish',
    type: 'post',
    link: site(urls, `/blogdetail/${row.slug}/`),
    title: { rendered: escapeHtml(row.title) },
    content: { rendered: row.content_html, protected: false },
    excerpt: { rendered: row.excerpt_html, protected: false },
    author: 1,
    featured_media: row.featured_media_id ?? 0,
    comment_status: row.comment_status,
    ping_status: 'closed',
    sticky: false,
    format: 'standard',
    categories: row.category_ids,
    tags: [],
  };
}

export function presentPage(row: EntryRow, urls: SiteUrls): WpPage {
  return {
    id: row.id,
    date: wpDate(row.published_at),
    date_gmt: wpDate(row.published_at),
    modified: wpDate(row.modified_at),
    modified_gmt: wpDate(row.modified_at),
    guid: { rendered: site(urls, `/?page_id=${row.id}`) },
    slug: row.slug,
    status: 'publish',
    type: 'page',
    link: site(urls, row.route ?? `/${row.slug}`),
    title: { rendered: escapeHtml(row.title) },
    content: { rendered: row.content_html, protected: false },
    excerpt: { rendered: row.excerpt_html, protected: false },
    parent: 0,
    menu_order: row.menu_order,
    featured_media: 0,
  };
}

/**
 * Media paths are root-relative, unlike WordPress: an image then loads from whatever name the
 * site was opened by (PUBLIC_URL, 127.0.0.1, a LAN name), which the CSP's `img-src 'self'` allows.
 */
function mediaUrl(file: string, urls: SiteUrls): string {
  return `${urls.mediaPath}/${encodeURIComponent(file)}`;
}

export function presentMedia(row: MediaRow, urls: SiteUrls): WpMedia {
  const url = mediaUrl(row.file, urls);
  return {
    id: row.id,
    date: wpDate(row.created_at),
    slug: row.file.replace(/\.\w+$/, ''),
    type: 'attachment',
    title: { rendered: escapeHtml(row.title) },
    guid: { rendered: url },
    alt_text: row.alt_text,
    media_type: 'image',
    mime_type: row.mime_type,
    source_url: url,
    media_details: { width: row.width, height: row.height, file: row.file },
  };
}

export function presentCategory(row: CategoryRow, urls: SiteUrls): WpCategory {
  return {
    id: row.id,
    count: row.count,
    description: row.description,
    link: site(urls, `/blog?category=${row.slug}`),
    name: row.name,
    slug: row.slug,
    taxonomy: 'category',
    parent: 0,
  };
}

export function presentComment(row: CommentRow, urls: SiteUrls): WpComment {
  return {
    id: row.id,
    post: row.post_id,
    parent: 0,
    author_name: row.author_name,
    author_url: row.author_url,
    date: wpDate(row.created_at),
    date_gmt: wpDate(row.created_at),
    content: { rendered: row.content_html },
    link: site(urls, `/blogdetail/${row.post_slug}/#comment-${row.id}`),
    status: row.status === 'approved' ? 'approved' : 'hold',
    type: 'comment',
  };
}
