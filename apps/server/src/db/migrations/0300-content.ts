import { type Kysely, sql } from 'kysely';

/**
 * The built-in blog CMS: categories (ids fixed by SPEC §9: news = 15, features = 16), media,
 * posts and pages (one table, as WordPress keeps them), post categories and comments.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('content_categories')
    .values([
      { id: 1, slug: 'uncategorized', name: 'Uncategorized', description: '' },
      { id: 15, slug: 'news', name: 'News', description: 'Product news and threat alerts from the riskscan team.' },
      { id: 16, slug: 'features', name: 'Features', description: 'In-depth articles on how scams work and how to spot them.' },
    ])
    .execute();

  await db.schema
    .createTable('content_media')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('file', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('content_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('post', 'page')`))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('publish', 'draft')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('excerpt_html', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured_media_id', 'integer', (c) => c.references('content_media.id').onDelete('set null'))
    .addColumn('comment_status', 'text', (c) => c.notNull().check(sql`comment_status in ('open', 'closed')`))
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('content_entries_type_slug_key', ['type', 'slug'])
    .execute();
  await db.schema.createIndex('content_entries_listing_idx').on('content_entries').columns(['type', 'status', 'published_at']).execute();

  await db.schema
    .createTable('content_entry_categories')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('content_entries.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('content_categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_entry_categories_pkey', ['entry_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('content_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('content_entries.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('author_url', 'text', (c) => c.notNull())
    .addColumn('content_text', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('approved', 'pending', 'spam', 'rejected')`))
    .addColumn('moderation_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('moderated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('content_comments_post_idx').on('content_comments').columns(['post_id', 'status', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['content_comments', 'content_entry_categories', 'content_entries', 'content_media', 'content_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
