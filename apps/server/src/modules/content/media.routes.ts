import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Media file names are not content-hashed, so caches revalidate daily (ETag, Last-Modified). */
const MEDIA_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The CMS's images from `content/media/`. An SVG opened directly must not run anything, so media
 * carry a policy of their own that allows no scripts at all. They are public and may be embedded
 * from another origin: the web app's dev server, or a web app on its own host (DESIGN §4).
 */
export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, { mediaDir }) => {
  await app.register(fastifyStatic, {
    root: mediaDir,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('Cache-Control', MEDIA_CACHE_CONTROL);
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
};
