import { createHash } from 'node:crypto';
import { UNCATEGORIZED_CATEGORY_ID } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { createContentRepository, type EntryInput } from './content.repository.ts';
import { readContentSource } from './content-source.ts';
import { plainText, renderExcerpt, renderMarkdown } from './markdown.ts';

/**
 * The hash covers what is stored, not the file: a change to the Markdown renderer or the
 * sanitiser policy re-renders every entry at the next start.
 */
function withHash(entry: Omit<EntryInput, 'source_hash'>): EntryInput {
  return { ...entry, source_hash: createHash('sha256').update(JSON.stringify(entry)).digest('hex') };
}

export type ImportSummary = { media: number; pages: number; posts: number; changed: number; unpublished: number };

/**
 * Brings the database in line with `content/`. Safe to run at every start, also from several
 * processes at once: rows are matched by file name and slug, unchanged entries are left alone, and ids
 * never change, so links and comments stay attached.
 */
export async function importContent(db: Db, contentDir: string): Promise<ImportSummary> {
  const source = await readContentSource(contentDir);
  const repo = createContentRepository(db);
  // Each entry in its own transaction: its row and its categories change together.
  const upsertEntry = (entry: EntryInput) => db.transaction().execute((trx) => createContentRepository(trx).upsertEntry(entry));
  const postByImage = new Map(source.posts.map((post) => [post.image, post]));
  for (const media of source.media) {
    await repo.upsertMedia({
      file: media.file,
      title: postByImage.get(media.file)?.title ?? media.file.replace(/\.\w+$/, '').replaceAll('-', ' '),
      alt_text: postByImage.get(media.file)?.image_alt ?? '',
      mime_type: media.mimeType,
      width: media.width,
      height: media.height,
    });
  }
  const mediaIds = await repo.mediaIdsByFile();
  const categoryIds = await repo.categoryIdsBySlug();

  let changed = 0;
  for (const page of source.pages) {
    const contentHtml = renderMarkdown(page.body);
    const result = await upsertEntry(
      withHash({
        type: 'page',
        slug: page.slug,
        title: page.title,
        content_html: contentHtml,
        excerpt_html: renderExcerpt(undefined, contentHtml),
        search_text: plainText(contentHtml),
        route: page.route,
        menu_order: page.menu_order,
        featured_media_id: null,
        comment_status: 'closed',
        published_at: page.date,
        modified_at: page.modified ?? page.date,
        category_ids: [],
      }),
    );
    if (result.changed) changed += 1;
  }
  for (const post of source.posts) {
    const contentHtml = renderMarkdown(post.body);
    const result = await upsertEntry(
      withHash({
        type: 'post',
        slug: post.slug,
        title: post.title,
        content_html: contentHtml,
        excerpt_html: renderExcerpt(post.excerpt, contentHtml),
        search_text: plainText(contentHtml),
        route: null,
        menu_order: 0,
        featured_media_id: mediaIds.get(post.image) ?? null,
        comment_status: post.comments,
        published_at: post.date,
        modified_at: post.modified ?? post.date,
        category_ids: [categoryIds.get(post.category) ?? UNCATEGORIZED_CATEGORY_ID],
      }),
    );
    if (result.changed) changed += 1;
  }
  const unpublished =
    (await repo.unpublishAllExcept(
      'page',
      source.pages.map((page) => page.slug),
    )) +
    (await repo.unpublishAllExcept(
      'post',
      source.posts.map((post) => post.slug),
    ));
  return { media: source.media.length, pages: source.pages.length, posts: source.posts.length, changed, unpublished };
}
