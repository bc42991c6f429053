import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** flag-icons' 4:3 SVGs, served from our own origin so no page of ours loads a flag from elsewhere. */
const FLAGS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
const FLAG_CACHE_CONTROL = 'public, max-age=604800';

/** `GET /flags/{cc}.svg`: two lower-case letters only. SVGs get a policy that runs nothing. */
export const flagRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: FLAGS_DIR,
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (pathName) => /^\/?[a-z]{2}\.svg$/.test(pathName),
    setHeaders: (reply) => {
      reply.header('Cache-Control', FLAG_CACHE_CONTROL);
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
};
