import type { FastifyPluginAsync } from 'fastify';
import { SCREENSHOT_NAME_PATTERN, type ScreenshotStore } from '@riskscan/scanner';

/** Names are content hashes: a link always shows the same picture, so caches may keep it for good. */
const SCREENSHOT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `GET /screenshots/{hash}.webp` from the screenshot store (files under DATA_DIR, or the S3
 * bucket), so the link and its caching are the same whichever storage is configured. The name is
 * the content hash, so it serves as the ETag too.
 */
export const screenshotRoutes: FastifyPluginAsync<{ store: ScreenshotStore }> = async (app, { store }) => {
  app.get<{ Params: { name: string } }>('/:name', async (request, reply) => {
    const { name } = request.params;
    if (!SCREENSHOT_NAME_PATTERN.test(name)) return reply.code(404).send({ detail: 'Not found' });
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    reply.header('Cache-Control', SCREENSHOT_CACHE_CONTROL).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    let image: Buffer | null;
    try {
      image = await store.read(name);
    } catch (error) {
      request.log.error({ err: error }, `Screenshot ${name} could not be read from storage`);
      return reply.code(503).header('Cache-Control', 'no-store').send({ detail: 'Screenshot storage is unavailable' });
    }
    if (!image) return reply.code(404).header('Cache-Control', 'no-store').send({ detail: 'Not found' });
    return reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(image);
  });
};
