import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWebRoute } from '@riskscan/contracts';
import fp from 'fastify-plugin';
import { withPageMeta, type PageMeta } from './spa-meta.ts';

/** Prefixes that belong to the APIs and media: an unknown path there is a JSON 404, never the app. */
const API_PREFIXES = ['/api/', '/payments/', '/wp-json/', '/media/'];

function wantsTheApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix)) return false;
  // A missing asset file is a real 404; a path without an extension is a client-side route.
  return path.extname(pathname) === '';
}

export type SpaPluginOptions = {
  webDistDir: string;
  /** A deep link's own title and description for link previews (e.g. a scan's permalink); null: the app's defaults. */
  pageMeta?: (request: FastifyRequest) => Promise<PageMeta | null>;
  /**
   * Checks of app pages that name a resource (a post, a scan): true when it does not exist, so
   * the page answers 404, a real not-found for crawlers, while the app still renders it.
   */
  missing?: ReadonlyArray<(pathname: string) => Promise<boolean>>;
};

/**
 * Serves the built web app and answers every client-side route (SPEC §2) with its index.html,
 * so deep links and reloads work; any other page address gets the same page (the app shows its
 * not-found screen) with status 404. Hashed assets are cached for a year, index.html never.
 * Files are sent precompressed (`.br`, `.gz` written at build) when the browser accepts it.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app: FastifyInstance, { webDistDir, pageMeta, missing = [] }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: true,
        index: 'index.html',
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (built && wantsTheApp(request)) {
        reply.header('Cache-Control', 'no-cache').type('text/html');
        const pathname = request.url.split('?')[0] ?? '/';
        if (!isWebRoute(pathname)) reply.status(404);
        else if ((await Promise.all(missing.map((check) => check(pathname)))).some(Boolean)) reply.status(404);
        const meta = pageMeta ? await pageMeta(request) : null;
        // Read per request: a rebuilt app (npm run build while serving) is picked up like the static files.
        if (meta) return reply.send(withPageMeta(await readFile(indexFile, 'utf8'), meta));
        return reply.sendFile('index.html');
      }
      return reply.status(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'spa' },
);
