import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createCommentsRepository } from './comments.repository.ts';
import { createCommentsService } from './comments.service.ts';
import { importContent } from './content-import.ts';
import { createContentRepository } from './content.repository.ts';
import { createContentService } from './content.service.ts';
import { mediaRoutes } from './media.routes.ts';
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
};
