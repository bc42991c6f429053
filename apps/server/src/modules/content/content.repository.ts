import { type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type ContentCategoriesTable = { id: number; slug: string; name: string; description: string };

export type ContentMediaTable = {
  id: Generated<number>;
  file: string;
  title: string;
  alt_text: string;
  mime_type: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
};

export type EntryType = 'post' | 'page';

export type ContentEntriesTable = {
  id: Generated<number>;
  type: EntryType;
  slug: string;
  status: 'publish' | 'draft';
  title: string;
  content_html: string;
  excerpt_html: string;
  search_text: string;
  route: string | null;
  menu_order: number;
  featured_media_id: number | null;
  comment_status: 'open' | 'closed';
  source_hash: string;
  published_at: Date;
  modified_at: Date;
};

export type ContentEntryCategoriesTable = { entry_id: number; category_id: number; position: number };

declare module '../../db/schema.ts' {
  interface Database {
    content_categories: ContentCategoriesTable;
    content_media: ContentMediaTable;
    content_entries: ContentEntriesTable;
    content_entry_categories: ContentEntryCategoriesTable;
  }
}

export type CategoryRow = Selectable<ContentCategoriesTable> & { count: number };
export type MediaRow = Selectable<ContentMediaTable>;
export type EntryRow = Selectable<ContentEntriesTable> & { category_ids: number[] };
export type EntryInput = Omit<Selectable<ContentEntriesTable>, 'id' | 'status'> & { category_ids: number[] };
export type Page<T> = { rows: T[]; total: number };

export type EntryFilter = {
  type: EntryType;
  page: number;
  perPage: number;
  slug?: string | undefined;
  search?: string | undefined;
  categoryIds?: number[] | undefined;
  excludeIds?: number[] | undefined;
};

/** `%` and `_` typed by a visitor match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
}

export function createContentRepository(db: Executor) {
  const categoryIds = (entryId: string) =>
    sql<
      number[]
    >`coalesce((select array_agg(ec.category_id order by ec.position) from content_entry_categories ec where ec.entry_id = ${sql.ref(entryId)}), '{}')`;

  const publishedEntries = (filter: Omit<EntryFilter, 'page' | 'perPage'>) => {
    let query = db.selectFrom('content_entries as e').where('e.type', '=', filter.type).where('e.status', '=', 'publish');
    if (filter.slug !== undefined) query = query.where('e.slug', '=', filter.slug);
    if (filter.excludeIds?.length) query = query.where('e.id', 'not in', filter.excludeIds);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) => eb.or([eb('e.title', 'ilike', pattern), eb('e.search_text', 'ilike', pattern)]));
    }
    if (filter.categoryIds?.length) {
      const wanted = filter.categoryIds;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('content_entry_categories as ec')
            .select('ec.entry_id')
            .whereRef('ec.entry_id', '=', 'e.id')
            .where('ec.category_id', 'in', wanted),
        ),
      );
    }
    return query;
  };

  return {
    async upsertMedia(media: {
      file: string;
      title: string;
      alt_text: string;
      mime_type: string;
      width: number;
      height: number;
    }): Promise<number> {
      const row = await db
        .insertInto('content_media')
        .values(media)
        .onConflict((oc) =>
          oc.column('file').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            alt_text: eb.ref('excluded.alt_text'),
            mime_type: eb.ref('excluded.mime_type'),
            width: eb.ref('excluded.width'),
            height: eb.ref('excluded.height'),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Inserts or updates by (type, slug), keeping the id so links and comments survive re-imports.
     * Run it in a transaction: the entry and its categories change together.
     */
    async upsertEntry(entry: EntryInput): Promise<{ id: number; changed: boolean }> {
      const { category_ids: categories, ...values } = entry;
      const existing = await db
        .selectFrom('content_entries')
        .select(['id', 'source_hash', 'status', 'featured_media_id'])
        .where('type', '=', entry.type)
        .where('slug', '=', entry.slug)
        .executeTakeFirst();
      const unchanged =
        existing &&
        existing.source_hash === entry.source_hash &&
        existing.status === 'publish' &&
        existing.featured_media_id === entry.featured_media_id;
      if (unchanged) return { id: existing.id, changed: false };
      // ON CONFLICT keeps two processes starting at once from tripping over each other.
      const { id } = await db
        .insertInto('content_entries')
        .values({ ...values, status: 'publish' })
        .onConflict((oc) => oc.columns(['type', 'slug']).doUpdateSet({ ...values, status: 'publish' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('content_entry_categories').where('entry_id', '=', id).execute();
      if (categories.length > 0) {
        await db
          .insertInto('content_entry_categories')
          .values(categories.map((category_id, position) => ({ entry_id: id, category_id, position })))
          .onConflict((oc) => oc.columns(['entry_id', 'category_id']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })))
          .execute();
      }
      return { id, changed: true };
    },

    /** Entries whose file left `content/` stop being served; kept as drafts so their comments stay. */
    async unpublishAllExcept(type: EntryType, slugs: string[]): Promise<number> {
      let query = db.updateTable('content_entries').set({ status: 'draft' }).where('type', '=', type).where('status', '=', 'publish');
      if (slugs.length > 0) query = query.where('slug', 'not in', slugs);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Slugs of what is published, with when each last changed (the sitemap; real 404s for missing posts). */
    publishedSlugs(type: EntryType, slug?: string): Promise<{ slug: string; modified_at: Date }[]> {
      let query = db.selectFrom('content_entries').select(['slug', 'modified_at']).where('type', '=', type).where('status', '=', 'publish');
      if (slug !== undefined) query = query.where('slug', '=', slug);
      return query.orderBy('published_at', 'desc').execute();
    },

    async mediaIdsByFile(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('content_media').select(['id', 'file']).execute();
      return new Map(rows.map((row) => [row.file, row.id]));
    },

    async listEntries(filter: EntryFilter): Promise<Page<EntryRow>> {
      const base = publishedEntries(filter);
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const order = filter.type === 'post' ? (['e.published_at desc', 'e.id desc'] as const) : (['e.menu_order asc', 'e.id asc'] as const);
      const rows = await base
        .selectAll('e')
        .select(categoryIds('e.id').as('category_ids'))
        .orderBy(sql.raw(order.join(', ')))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return { rows, total: Number(total) };
    },

    async findEntry(type: EntryType, id: number): Promise<EntryRow | undefined> {
      return publishedEntries({ type })
        .where('e.id', '=', id)
        .selectAll('e')
        .select(categoryIds('e.id').as('category_ids'))
        .executeTakeFirst();
    },

    async findMedia(id: number): Promise<MediaRow | undefined> {
      return db.selectFrom('content_media').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listCategories(): Promise<CategoryRow[]> {
      return db
        .selectFrom('content_categories as c')
        .selectAll('c')
        .select((eb) =>
          eb
            .selectFrom('content_entry_categories as ec')
            .innerJoin('content_entries as e', 'e.id', 'ec.entry_id')
            .whereRef('ec.category_id', '=', 'c.id')
            .where('e.status', '=', 'publish')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('count'),
        )
        .orderBy('c.id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, count: Number(row.count ?? 0) })));
    },

    async categoryIdsBySlug(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('content_categories').select(['id', 'slug']).execute();
      return new Map(rows.map((row) => [row.slug, row.id]));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
