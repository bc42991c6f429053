import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { SCREENSHOT_NAME_PATTERN } from '@riskscan/scanner';

/** Names are content hashes: a link always shows the same picture, so caches may keep it for good. */
const SCREENSHOT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `GET /screenshots/{hash}.webp` from `DATA_DIR/screenshots`; nothing else in that folder is served. */
export const screenshotRoutes: FastifyPluginAsync<{ screenshotDir: string }> = async (app, { screenshotDir }) => {
  mkdirSync(screenshotDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: screenshotDir,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => SCREENSHOT_NAME_PATTERN.test(pathName.replace(/^\//, '')),
    setHeaders: (reply) => {
      reply.header('Cache-Control', SCREENSHOT_CACHE_CONTROL);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
};
