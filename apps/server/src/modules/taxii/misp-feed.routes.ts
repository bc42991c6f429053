import { detailErrorSchema, mispEventSchema, mispManifestSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import type { IndicatorSource, TaxiiViewer } from './indicator-sources.ts';
import { hashLines, manifestEntry, mispEvent, mispEventUuid } from './misp-event.ts';
import type { Finding } from './stix-indicator.ts';

const PAGE = 1000;

export type MispFeedOptions = {
  /** The same collections TAXII serves the viewer: public Danger scans and its own look-alikes. */
  collections: (viewer: TaxiiViewer) => IndicatorSource[];
  now?: () => Date;
};

/** Every finding of the viewer's collections, page by page. */
async function* everyFinding(sources: IndicatorSource[]): AsyncGenerator<Finding> {
  for (const source of sources) {
    for (let after = null as Finding | null; ;) {
      const page = await source.page(after && { added: after.added, key: after.key }, PAGE);
      yield* page;
      if (page.length < PAGE) break;
      after = page.at(-1)!;
    }
  }
}

const EVENT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\.json$/;

/**
 * MISP builds each file's address as the feed URL, `/` and the file name, so a feed URL given with
 * its trailing slash asks for `…/misp/feed//manifest.json`: both spellings answer, the second
 * hidden from the OpenAPI document.
 */
const FOLDERS = [
  { folder: '/misp/feed/', hide: false },
  { folder: '/misp/feed//', hide: true },
];

/**
 * The TAXII indicators as a MISP feed folder (`manifest.json`, `{uuid}.json`, `hashes.csv`), for
 * API keys and sessions: MISP subscribes with the feed URL `…/api/v1/misp/feed` (with or without a
 * trailing slash) and the header `Authorization: Api-Key <key>`.
 */
export const mispFeedRoutes: FastifyPluginAsyncZod<MispFeedOptions> = async (app, { collections, now = () => new Date() }) => {
  const preHandler = app.requireScope('scan');
  const errors = { 401: detailErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };
  const tags = ['MISP feed'];
  for (const { folder, hide } of FOLDERS) {
    app.get(
      `${folder}manifest.json`,
      {
        preHandler,
        schema: { hide, tags, summary: 'MISP feed manifest: every event by uuid', response: { 200: mispManifestSchema, ...errors } },
      },
      async (request) => {
        const manifest = {};
        const at = now();
        for await (const finding of everyFinding(collections(request.user!)))
          Object.assign(manifest, manifestEntry(mispEvent(finding, at)));
        return manifest;
      },
    );

    app.get(
      `${folder}hashes.csv`,
      {
        preHandler,
        schema: { hide, tags, summary: 'MISP feed hashes: md5 of each attribute value, event uuid', produces: ['text/csv'] },
      },
      async (request, reply) => {
        const lines: string[] = [];
        const at = now();
        for await (const finding of everyFinding(collections(request.user!))) lines.push(...hashLines(mispEvent(finding, at)));
        return reply.type('text/csv; charset=utf-8').send(lines.map((line) => `${line}\n`).join(''));
      },
    );

    app.get(
      `${folder}:file`,
      {
        preHandler,
        schema: {
          hide,
          tags,
          summary: 'One MISP feed event, `{uuid}.json`',
          params: z.object({ file: z.string() }),
          response: { 200: mispEventSchema, ...errors },
        },
      },
      async (request) => {
        const uuid = EVENT_FILE.exec(request.params.file)?.[1];
        if (uuid) {
          for (const source of collections(request.user!)) {
            const [finding] = (await source.page(null, 2, { uuids: [uuid] })).filter((candidate) => mispEventUuid(candidate) === uuid);
            if (finding) return mispEvent(finding, now());
          }
        }
        throw new HttpError(404, { detail: 'No such event in this feed.' });
      },
    );
  }
};
