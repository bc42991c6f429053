import {
  type BlogPost,
  blogCommentSchema,
  blogPostSchema,
  categorySchema,
  cmsPageSchema,
  FEATURES_CATEGORY_ID,
  mediaSchema,
  NEWS_CATEGORY_ID,
} from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The contract between the built-in CMS and the web app: every call the web app makes to the
 * blog CMS (SPEC §7) answers in the shape it reads (SPEC §3 Blog post, Blog comment, CMS page).
 * The web app parses with the same reader schemas, which a real WordPress also satisfies
 * (packages/contracts/src/content.test.ts).
 */

const CMS = '/wp-json/wp/v2';
let t: TestApp;

async function read<T extends z.ZodType>(schema: T, url: string): Promise<z.infer<T>> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return schema.parse(response.json());
}

/** Markup that must never reach a browser from the CMS. */
const UNSAFE_HTML = /<script|<iframe|<style|<object|<embed|\son\w+\s*=|javascript:/i;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blog list and detail', () => {
  it('answers the three list calls of the blog tabs with posts and totals', async () => {
    for (const url of [
      `${CMS}/posts?page=1&per_page=5`,
      `${CMS}/posts?categories=${NEWS_CATEGORY_ID}`,
      `${CMS}/posts?categories=${FEATURES_CATEGORY_ID}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      const posts = z.array(blogPostSchema).min(1).parse(response.json());
      expect(Number(response.headers['x-wp-total'])).toBeGreaterThanOrEqual(posts.length);
      expect(Number(response.headers['x-wp-totalpages'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('resolves every post to a detail by slug, an image URL and a category name', async () => {
    const posts = await read(z.array(blogPostSchema), `${CMS}/posts?per_page=100`);
    for (const post of posts) {
      const [bySlug] = await read(z.array(blogPostSchema).length(1), `${CMS}/posts?slug=${post.slug}`);
      expect(bySlug?.id).toBe(post.id);
      const media = await read(mediaSchema, `${CMS}/media/${post.featured_media}`);
      // Root-relative, so it loads from whichever name the site was opened by.
      expect(media.guid.rendered).toMatch(/^\/media\/[^/]+$/);
      const category = await read(categorySchema, `${CMS}/categories/${post.categories[0]}`);
      expect(['News', 'Features']).toContain(category.name);
      expect(Number.isNaN(new Date(post.date).getTime())).toBe(false);
    }
  });

  it('serves only sanitised HTML in posts and excerpts', async () => {
    const posts: BlogPost[] = await read(z.array(blogPostSchema), `${CMS}/posts?per_page=100`);
    for (const post of posts) {
      expect(post.content.rendered).not.toMatch(UNSAFE_HTML);
      expect(post.excerpt.rendered).not.toMatch(UNSAFE_HTML);
    }
  });
});

describe('content pages', () => {
  it('holds a page for each content route, found by title.rendered as the web app does', async () => {
    const pages = await read(z.array(cmsPageSchema), `${CMS}/pages`);
    for (const title of ['Integration', 'FAQ', 'Technology', 'Use Cases', 'Scam Categories']) {
      const page = pages.find((candidate) => candidate.title.rendered === title);
      expect(page?.content.rendered, title).toMatch(/<h2/);
      expect(page?.content.rendered).not.toMatch(UNSAFE_HTML);
    }
  });
});

describe('comments', () => {
  it('creates a comment from the reply form fields and lists it for the post', async () => {
    const [post] = await read(z.array(blogPostSchema), `${CMS}/posts?per_page=1`);
    const created = await t.app.inject({
      method: 'POST',
      url: `${CMS}/comments/?post=${post?.id}`,
      payload: { author_name: 'Ana', author_email: 'ana@example.test', author_url: 'Keller AG', content: 'Helpful <b>read</b>.' },
    });
    expect(created.statusCode).toBe(201);
    const comment = blogCommentSchema.parse(created.json());
    // A new author's first comment waits for a moderator; once approved, the post lists it.
    expect(created.json()).toMatchObject({ status: 'hold' });
    expect(await read(z.array(blogCommentSchema), `${CMS}/comments/?post=${post?.id}`)).toEqual([]);
    await t.app.db.updateTable('content_comments').set({ status: 'approved' }).where('id', '=', comment.id).execute();
    const comments = await read(z.array(blogCommentSchema), `${CMS}/comments/?post=${post?.id}`);
    expect(comments.map((comment) => comment.author_name)).toEqual(['Ana']);
    expect(comments[0]?.content.rendered).not.toMatch(/<b>/);
  });
});
