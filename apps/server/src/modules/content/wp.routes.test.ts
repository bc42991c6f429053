import { FEATURES_CATEGORY_ID, NEWS_CATEGORY_ID, type WpCategory, type WpMedia, type WpPage, type WpPost } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const PUBLIC_URL = 'https://riskscan.test';
const WP = '/wp-json/wp/v2';

/** The five content pages the web app shows, by the title it looks for (SPEC §2, §7). */
const PAGE_TITLES = ['Use Cases', 'Integration', 'Technology', 'FAQ', 'Scam Categories'];

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  // The real content/ folder: these tests also prove the shipped content imports and is complete.
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

describe('posts', () => {
  it('lists posts newest first with WordPress totals in the headers', async () => {
    const response = await get(`${WP}/posts?per_page=5`);
    expect(response.statusCode).toBe(200);
    const posts = response.json<WpPost[]>();
    const total = Number(response.headers['x-wp-total']);
    expect(total).toBeGreaterThanOrEqual(8);
    expect(response.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 5)));
    expect(posts).toHaveLength(5);
    const dates = posts.map((post) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through every post exactly once', async () => {
    const first = await get(`${WP}/posts?per_page=5&page=1`);
    const second = await get(`${WP}/posts?per_page=5&page=2`);
    const ids = [...first.json<WpPost[]>(), ...second.json<WpPost[]>()].map((post) => post.id);
    expect(new Set(ids).size).toBe(Number(first.headers['x-wp-total']));
  });

  it('refuses a page past the last one, as WordPress does', async () => {
    const response = await get(`${WP}/posts?per_page=5&page=99`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The page number requested is larger than the number of pages available.' });
  });

  it('filters by category: news is 15, features is 16, and both have posts', async () => {
    for (const categoryId of [NEWS_CATEGORY_ID, FEATURES_CATEGORY_ID]) {
      const response = await get(`${WP}/posts?categories=${categoryId}&per_page=100`);
      const posts = response.json<WpPost[]>();
      expect(posts.length).toBeGreaterThanOrEqual(3);
      expect(posts.every((post) => post.categories[0] === categoryId)).toBe(true);
    }
    const both = await get(`${WP}/posts?categories=${NEWS_CATEGORY_ID},${FEATURES_CATEGORY_ID}&per_page=100`);
    const all = await get(`${WP}/posts?per_page=100`);
    expect(both.json<WpPost[]>()).toHaveLength(all.json<WpPost[]>().length);
  });

  it('leaves out excluded posts, for a Related Posts column', async () => {
    const news = (await get(`${WP}/posts?categories=${NEWS_CATEGORY_ID}`)).json<WpPost[]>();
    const [current, ...others] = news;
    const related = await get(`${WP}/posts?categories=${NEWS_CATEGORY_ID}&exclude=${current?.id}`);
    expect(related.json<WpPost[]>().map((post) => post.id)).toEqual(others.map((post) => post.id));
  });

  it('finds one post by slug, with its link to the blog detail route', async () => {
    const response = await get(`${WP}/posts?slug=how-phishing-kits-work`);
    const [post] = response.json<WpPost[]>();
    expect(post?.title.rendered).toBe('Inside a phishing kit: how a fake login page is built');
    expect(post?.link).toBe(`${PUBLIC_URL}/blogdetail/how-phishing-kits-work/`);
    expect(post?.content.rendered).toContain('<h2>What is in a kit</h2>');
    expect(response.headers['x-wp-total']).toBe('1');
  });

  it('searches titles and text, treating % as a plain character', async () => {
    const hits = (await get(`${WP}/posts?search=drainer`)).json<WpPost[]>();
    expect(hits.map((post) => post.slug)).toContain('wallet-drainers-explained');
    const nothing = await get(`${WP}/posts?search=${encodeURIComponent('%')}zzzz`);
    expect(nothing.json()).toEqual([]);
    expect(nothing.headers['x-wp-total']).toBe('0');
  });

  it('serves one post by id and 404s an unknown one', async () => {
    const [first] = (await get(`${WP}/posts?per_page=1`)).json<WpPost[]>();
    const response = await get(`${WP}/posts/${first?.id}`);
    expect(response.json<WpPost>().slug).toBe(first?.slug);
    expect((await get(`${WP}/posts/999999`)).statusCode).toBe(404);
  });

  it('rejects malformed list parameters with a field error', async () => {
    const response = await get(`${WP}/posts?per_page=500&categories=news`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['categories', 'per_page']);
  });

  it('gives every post a featured image whose file is served', async () => {
    const posts = (await get(`${WP}/posts?per_page=100`)).json<WpPost[]>();
    for (const post of posts) {
      expect(post.featured_media).toBeGreaterThan(0);
      const media = (await get(`${WP}/media/${post.featured_media}`)).json<WpMedia>();
      // Root-relative: the site's own name, whichever it was opened by (never PUBLIC_URL's host).
      expect(media.guid.rendered).toMatch(/^\/media\/[^/]+$/);
      expect(media.source_url).toBe(media.guid.rendered);
      expect(media.alt_text).not.toBe('');
      const file = await get(media.guid.rendered);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\/svg\+xml|^image\/png/);
    }
  });
});

describe('pages', () => {
  it('serves the five content pages the web app looks up by title', async () => {
    const response = await get(`${WP}/pages`);
    const pages = response.json<WpPage[]>();
    expect(pages.map((page) => page.title.rendered).sort()).toEqual([...PAGE_TITLES].sort());
    for (const page of pages) expect(page.content.rendered.length).toBeGreaterThan(2000);
  });

  it('shows working API calls on the Integration page', async () => {
    const [page] = (await get(`${WP}/pages?slug=integration`)).json<WpPage[]>();
    expect(page?.link).toBe(`${PUBLIC_URL}/integration`);
    for (const call of ['/api/v1/check-url/', '/api/v1/scans/', '/api/v1/login/', '/api/recent-scans/', 'Api-Key']) {
      expect(page?.content.rendered).toContain(call);
    }
    expect(page?.content.rendered).toContain('<code class="language-sh">');
  });

  it('serves one page by id', async () => {
    const [page] = (await get(`${WP}/pages?slug=faq`)).json<WpPage[]>();
    expect((await get(`${WP}/pages/${page?.id}`)).json<WpPage>().title.rendered).toBe('FAQ');
  });
});

describe('categories and media', () => {
  it('names the news and features categories by their fixed ids', async () => {
    expect((await get(`${WP}/categories/15`)).json<WpCategory>()).toMatchObject({ id: 15, name: 'News', slug: 'news' });
    expect((await get(`${WP}/categories/16`)).json<WpCategory>()).toMatchObject({ id: 16, name: 'Features', slug: 'features' });
    expect((await get(`${WP}/categories/99`)).statusCode).toBe(404);
  });

  it('counts the published posts of each category', async () => {
    const categories = (await get(`${WP}/categories`)).json<WpCategory[]>();
    const total = Number((await get(`${WP}/posts`)).headers['x-wp-total']);
    expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(total);
  });

  it('serves media files with caching headers, embeddable elsewhere, with a policy that runs no scripts', async () => {
    const media = (await get(`${WP}/media/1`)).json<WpMedia>();
    const file = await get(`/media/${media.media_details.file}`);
    expect(file.headers['cache-control']).toBe('public, max-age=86400');
    expect(file.headers.etag).toBeDefined();
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const again = await t.app.inject({
      method: 'GET',
      url: `/media/${media.media_details.file}`,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a missing media file or id with 404', async () => {
    expect((await get('/media/nope.svg')).statusCode).toBe(404);
    expect((await get('/media/../package.json')).statusCode).toBe(404);
    expect((await get(`${WP}/media/424242`)).statusCode).toBe(404);
  });
});
