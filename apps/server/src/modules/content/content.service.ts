import { InvalidError, NotFoundError } from '../../domain-errors.ts';
import type { CategoryRow, ContentRepository, EntryFilter, EntryRow, EntryType, MediaRow, Page } from './content.repository.ts';

/** One page of a WordPress list with the totals WordPress reports in headers. */
export type WpPage<T> = Page<T> & { totalPages: number };

/** WordPress counts pages of `perPage` and refuses a page past the end (the first page always exists). */
export function wpPage<T>(list: Page<T>, page: number, perPage: number): WpPage<T> {
  const totalPages = Math.ceil(list.total / perPage);
  if (page > 1 && page > totalPages) throw new InvalidError('The page number requested is larger than the number of pages available.');
  return { ...list, totalPages };
}

const notFound = (what: string) => new NotFoundError(`Invalid ${what} ID.`);

/** What the WordPress API reads of the built-in CMS: published entries, media and categories. */
export function createContentService(content: ContentRepository) {
  return {
    async entries(filter: EntryFilter): Promise<WpPage<EntryRow>> {
      return wpPage(await content.listEntries(filter), filter.page, filter.perPage);
    },
    async entry(type: EntryType, id: number): Promise<EntryRow> {
      const row = await content.findEntry(type, id);
      if (!row) throw notFound(type);
      return row;
    },
    async media(id: number): Promise<MediaRow> {
      const row = await content.findMedia(id);
      if (!row) throw notFound('attachment');
      return row;
    },
    async categories(): Promise<WpPage<CategoryRow>> {
      const rows = await content.listCategories();
      return wpPage({ rows, total: rows.length }, 1, Math.max(rows.length, 1));
    },
    async category(id: number): Promise<CategoryRow> {
      const row = (await content.listCategories()).find((category) => category.id === id);
      if (!row) throw new NotFoundError('Term does not exist.');
      return row;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
