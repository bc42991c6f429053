import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { createCommentsService } from './comments.service.ts';
import { importContent } from './content-import.ts';
import { createContentRepository } from './content.repository.ts';
import { createContentService } from './content.service.ts';
import { mediaRoutes } from './media.routes.ts';
import { siteIndexRoutes } from './site-index.routes.ts';
import type { UrlRiskCheck } from './url-risk.ts';
import { wpRoutes } from './wp.routes.ts';

export const WP_API_PREFIX = '/wp-json/wp/v2';
export const MEDIA_PATH = '/media';

export type ContentPluginOptions = { contentDir: string; publicUrl: string; urlRisk: UrlRiskCheck };

/** The built-in blog CMS: imports `content/` at start, then serves the WordPress API and the images. */
export const contentPlugin: FastifyPluginAsync<ContentPluginOptions> = async (app, options) => {
  const summary = await importContent(app.db, options.contentDir);
  app.log.info(summary, 'content imported');

  const content = createContentRepository(app.db);
  const comments = createCommentsService({ comments: createCommentsRepository(app.db), content, urlRisk: options.urlRisk });
  const urls = { publicUrl: options.publicUrl, mediaPath: MEDIA_PATH };
  await app.register(mediaRoutes, { prefix: MEDIA_PATH, mediaDir: path.join(options.contentDir, 'media') });
  await app.register(wpRoutes, { prefix: WP_API_PREFIX, content: createContentService(content), comments, urls });
  await app.register(siteIndexRoutes, { publicUrl: options.publicUrl, content });
};

const BLOG_POST_PAGE = /^\/blogdetail\/([^/]+)\/?$/;

/**
 * Whether a page address names a blog post the built-in CMS does not have, so the app's page for
 * it answers 404 (the page itself still renders its not-found screen).
 */
export function missingBlogPost(db: Db): (pathname: string) => Promise<boolean> {
  const content = createContentRepository(db);
  return async (pathname) => {
    const slug = BLOG_POST_PAGE.exec(pathname)?.[1];
    if (slug === undefined) return false;
    try {
      return (await content.publishedSlugs('post', decodeURIComponent(slug))).length === 0;
    } catch {
      return true; // not even a well-formed slug
    }
  };
}
