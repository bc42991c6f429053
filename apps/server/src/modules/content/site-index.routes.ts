import { WEB_ROUTES } from '@riskscan/contracts';
import type { FastifyPluginAsync } from 'fastify';

/** The public pages a search engine may list: marketing and CMS pages, not accounts or scans. */
const PUBLIC_PAGES = [
  WEB_ROUTES.home,
  WEB_ROUTES.about,
  WEB_ROUTES.blog,
  WEB_ROUTES.pricing,
  WEB_ROUTES.useCases,
  WEB_ROUTES.integration,
  WEB_ROUTES.technology,
  WEB_ROUTES.faq,
  WEB_ROUTES.scamCategories,
];

/** What crawlers may not index: accounts, payments, the warning page and scan reports of others' URLs. */
const DISALLOWED = ['/profile', '/payment/', '/purchasedsubscription/', '/leaving', '/scan/', '/search', '/api/', '/payments/'];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The published posts, newest first, with when each last changed. */
export type PublishedPosts = { publishedSlugs(type: 'post'): Promise<{ slug: string; modified_at: Date }[]> };

export type SiteIndexRoutesOptions = { publicUrl: string; content: PublishedPosts };

/** `robots.txt` and `sitemap.xml` (the public pages and every published blog post) at the site's root. */
export const siteIndexRoutes: FastifyPluginAsync<SiteIndexRoutesOptions> = async (app, { publicUrl, content }) => {
  const site = publicUrl.replace(/\/$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${site}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await content.publishedSlugs('post');
    const entries = [
      ...PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(`${site}${path}`)}</loc></url>`),
      ...posts.map(
        (post) =>
          `  <url><loc>${escapeXml(`${site}/blogdetail/${encodeURIComponent(post.slug)}/`)}</loc><lastmod>${post.modified_at.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });
};
