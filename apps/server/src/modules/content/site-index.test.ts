import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { missingScanPage } from '../scans/index.ts';
import { missingBlogPost } from './index.ts';

const PUBLIC_URL = 'https://riskscan.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of accounts and scans and names the sitemap', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /profile');
    expect(robots.body).toContain('Disallow: /scan/');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the sitemap lists the public pages and every published post', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/pricing</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/blogdetail/how-phishing-kits-work/</loc>`);
    expect(sitemap.body).not.toContain('/profile');
  });
});

describe('pages naming missing resources', () => {
  it('a blog post page is missing only when no published post has its slug', async () => {
    const missing = missingBlogPost(t.app.db);
    expect(await missing('/blogdetail/how-phishing-kits-work/')).toBe(false);
    expect(await missing('/blogdetail/no-such-post/')).toBe(true);
    expect(await missing('/blogdetail/%E0%A4%A/')).toBe(true);
    expect(await missing('/about')).toBe(false);
  });

  it('a scan page is missing when no scan has its uid', async () => {
    const missing = missingScanPage(t.app.db);
    expect(await missing('/scan/00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(await missing('/scan/not a uid')).toBe(true);
    expect(await missing('/blog')).toBe(false);
  });
});
