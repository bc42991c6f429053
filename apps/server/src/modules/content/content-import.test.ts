import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createContentRepository } from './content.repository.ts';
import { importContent } from './content-import.ts';
import { ContentSourceError } from './content-source.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630"/></svg>';

const post = (slug: string, body: string, extraFrontMatter = '') => `---
title: Post ${slug}
slug: ${slug}
date: 2024-05-0${slug.length % 9}T10:00:00Z
category: news
image: cover.svg
image_alt: A black rectangle
${extraFrontMatter}---

${body}
`;

let testDb: TestDatabase;
let dir: string;
let repo: ReturnType<typeof createContentRepository>;

async function writeContent(files: Record<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

const listPosts = async () => (await repo.listEntries({ type: 'post', page: 1, perPage: 100 })).rows;

beforeAll(async () => {
  testDb = await createTestDatabase();
  repo = createContentRepository(testDb.db);
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'riskscan-content-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await testDb.drop();
});

describe('importing content/', () => {
  it('is idempotent: a second run changes nothing and keeps every id', async () => {
    await writeContent({
      'media/cover.svg': SVG,
      'posts/a.md': post('alpha', 'First **post**.'),
      'posts/b.md': post('beta', 'Second post.'),
      'pages/faq.md': '---\ntitle: FAQ\nslug: faq\nroute: /faq\ndate: 2024-01-01T00:00:00Z\n---\n\n## Question\n\nAnswer.\n',
    });
    const first = await importContent(testDb.db, dir);
    const idsBefore = (await listPosts()).map((row) => [row.slug, row.id]);
    const second = await importContent(testDb.db, dir);
    expect(first).toMatchObject({ posts: 2, pages: 1, media: 1 });
    expect(second.changed).toBe(0);
    expect((await listPosts()).map((row) => [row.slug, row.id])).toEqual(idsBefore);
    const [media] = await testDb.db.selectFrom('content_media').selectAll().execute();
    expect(media).toMatchObject({ file: 'cover.svg', width: 1200, height: 630, mime_type: 'image/svg+xml', alt_text: 'A black rectangle' });
  });

  it('updates an edited entry in place and hides one whose file was removed', async () => {
    await writeContent({ 'media/cover.svg': SVG, 'posts/a.md': post('gamma', 'Old text.'), 'posts/b.md': post('delta', 'Going away.') });
    await importContent(testDb.db, dir);
    const gammaId = (await listPosts()).find((row) => row.slug === 'gamma')?.id;
    await writeContent({ 'media/cover.svg': SVG, 'posts/a.md': post('gamma', 'New text.') });
    const summary = await importContent(testDb.db, dir);
    const rows = await listPosts();
    expect(summary.unpublished).toBeGreaterThanOrEqual(1);
    expect(rows.map((row) => row.slug)).toEqual(['gamma']);
    expect(rows[0]).toMatchObject({ id: gammaId, content_html: '<p>New text.</p>\n' });
  });

  it('sanitises what the Markdown produces', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<iframe src="https://evil.example"></iframe>',
      '[docs](https://example.com/docs)',
    ].join('\n\n');
    await writeContent({ 'media/cover.svg': SVG, 'posts/a.md': post('epsilon', body) });
    await importContent(testDb.db, dir);
    const [row] = await listPosts();
    expect(row?.content_html).not.toMatch(/<script|onerror|javascript:|<iframe/);
    expect(row?.content_html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer" target="_blank">docs</a>');
    expect(row?.excerpt_html).toMatch(/^<p>.*<\/p>\n$/s);
  });

  it('names the file and the problem when front matter is wrong', async () => {
    await writeContent({ 'media/cover.svg': SVG, 'posts/bad.md': post('Bad Slug', 'x').replace('category: news', 'category: gossip') });
    const failure = importContent(testDb.db, dir);
    await expect(failure).rejects.toBeInstanceOf(ContentSourceError);
    await expect(failure).rejects.toThrow(/posts\/bad\.md: slug: must be lowercase.*category/);
  });

  it('names the file when its YAML does not parse', async () => {
    await writeContent({ 'media/cover.svg': SVG, 'posts/broken.md': post('eta', 'x', 'title: again\n') });
    await expect(importContent(testDb.db, dir)).rejects.toThrow(/^posts\/broken\.md: Map keys must be unique/);
  });

  it('refuses a post whose image is missing', async () => {
    await writeContent({ 'posts/a.md': post('zeta', 'x') });
    await expect(importContent(testDb.db, dir)).rejects.toThrow('posts/zeta: image cover.svg is not in media/');
  });
});
