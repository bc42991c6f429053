import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Prefixes that belong to the APIs and media: an unknown path there is a JSON 404, never the app. */
const API_PREFIXES = ['/api/', '/payments/', '/wp-json/', '/media/'];

function wantsTheApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix)) return false;
  // A missing asset file is a real 404; a path without an extension is a client-side route.
  return path.extname(pathname) === '';
}

export type SpaPluginOptions = { webDistDir: string };

/**
 * Serves the built web app and answers every client-side route (SPEC §2) with its index.html,
 * so deep links and reloads work. Hashed assets are cached for a year, index.html never.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app: FastifyInstance, { webDistDir }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: true,
        index: 'index.html',
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (built && wantsTheApp(request)) {
        return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'spa' },
);
