import {
  STIX_MEDIA_TYPE,
  TAXII_MEDIA_TYPE,
  taxiiApiRootSchema,
  taxiiCollectionParamsSchema,
  taxiiCollectionSchema,
  taxiiCollectionsSchema,
  taxiiDiscoverySchema,
  taxiiEnvelopeSchema,
  taxiiErrorSchema,
  type TaxiiFilterQuery,
  taxiiFilterQuerySchema,
  taxiiManifestSchema,
  taxiiObjectParamsSchema,
  taxiiVersionsSchema,
} from '@riskscan/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors.ts';
import type { FeedPosition, IndicatorSource, TaxiiViewer } from './indicator-sources.ts';
import { type Finding, indicatorId, indicatorUuid, stixIndicator } from './stix-indicator.ts';
import { decodeNext, DEFAULT_PAGE, encodeNext, MAX_PAGE, parseTimestamp } from './taxii-paging.ts';

const API_ROOT = 'riskscan';
const MAX_CONTENT_LENGTH = 10 * 1024 * 1024;

export type TaxiiOptions = {
  publicUrl: string;
  /** The collections `viewer` may read: the public ones and its own. */
  collections: (viewer: TaxiiViewer) => IndicatorSource[];
};

/** TAXII error message (TAXII 2.1 §3.6.1). */
function taxiiError(reply: FastifyReply, status: number, title: string, description?: string) {
  return reply.status(status).send({ title, http_status: String(status), ...(description ? { description } : {}) });
}

/** The Accept header allows a TAXII 2.1 answer (absent, wildcards, or the media type with or without version). */
function acceptsTaxii(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type === '*/*' || type === 'application/*') return true;
    if (type !== 'application/taxii+json') return false;
    const version = params.find((param) => param.startsWith('version='));
    return !version || version === 'version=2.1';
  });
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** `match[version]`: `last` (the default), `first` and `all` keep our one version; timestamps keep objects modified then. */
function versionFilter(value: string | undefined): ((finding: Finding) => boolean) | null {
  const wanted = list(value) ?? ['last'];
  if (wanted.some((entry) => ['last', 'first', 'all'].includes(entry))) return null;
  const times = wanted.map((entry) => {
    const time = parseTimestamp(entry);
    if (!time)
      throw new HttpError(400, { detail: 'match[version] takes first, last, all or timestamps such as 2026-01-31T12:00:00.000Z.' });
    return time.getTime();
  });
  return (finding) => times.includes(new Date(stixIndicator(finding).modified).getTime());
}

const errors = { 400: taxiiErrorSchema, 401: taxiiErrorSchema, 403: taxiiErrorSchema, 404: taxiiErrorSchema, 406: taxiiErrorSchema };
const taxiiSchema = <T extends object>(summary: string, extra: T) => ({
  tags: ['TAXII 2.1'],
  summary,
  produces: [TAXII_MEDIA_TYPE],
  ...extra,
});

/**
 * A read-only TAXII 2.1 server over riskscan's own findings: discovery at `/taxii2/`, one API root,
 * a public collection of dangerous URLs and each account's own look-alikes, objects (all, one, its
 * versions) and manifest with `added_after`, `limit`, `next` and the `match[...]` filters.
 * Callers are signed-in users or API keys; TAXII clients send the key as the HTTP Basic password.
 */
export const taxiiRoutes: FastifyPluginAsyncZod<TaxiiOptions> = async (app, { publicUrl, collections }) => {
  const base = `${publicUrl.replace(/\/$/, '')}/taxii2/`;
  const requireScan = app.requireScope('scan');

  app.setErrorHandler((error: { statusCode?: number; message: string } & Partial<HttpError>, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'TAXII request failed');
    if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="riskscan TAXII", charset="UTF-8"');
    const detail =
      error.body && 'detail' in error.body ? String(error.body.detail) : status >= 500 ? 'Internal server error.' : error.message;
    return taxiiError(reply, status, detail);
  });
  // Under /taxii2/ an unknown path is a TAXII 404, not the web app's page. A route rather than a
  // not-found handler: the built web app's static wildcard would otherwise catch the path first.
  const noResource = (_request: FastifyRequest, reply: FastifyReply) => taxiiError(reply, 404, 'No TAXII resource at this address.');
  app.setNotFoundHandler(noResource);
  app.all('/*', { schema: { hide: true } }, noResource);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!acceptsTaxii(request.headers.accept)) throw new HttpError(406, { detail: `This server answers ${TAXII_MEDIA_TYPE}.` });
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      // TAXII clients only speak Basic: the user name is ignored, the password is an API key.
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      request.headers.authorization = `Api-Key ${decoded.slice(decoded.indexOf(':') + 1)}`;
    }
    await requireScan.call(app, request, reply);
  });
  // Set last, as written: Fastify would otherwise quote the version and add a charset.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-type', TAXII_MEDIA_TYPE);
    return payload;
  });

  const collectionOf = (request: FastifyRequest, id: string) => {
    // Another account's collection is as unknown as one that never existed.
    const source = collections(request.user!).find((candidate) => candidate.id === id);
    if (!source) throw new HttpError(404, { detail: 'Collection not found.' });
    return source;
  };
  const collectionResource = (source: IndicatorSource) => ({
    id: source.id,
    title: source.title,
    description: source.description,
    can_read: true,
    can_write: false,
    media_types: [STIX_MEDIA_TYPE],
  });

  app.get('/', { schema: taxiiSchema('TAXII discovery', { response: { 200: taxiiDiscoverySchema, ...errors } }) }, async () => ({
    title: 'riskscan TAXII server',
    description: "riskscan's own findings as STIX 2.1 indicators.",
    default: `${base}${API_ROOT}/`,
    api_roots: [`${base}${API_ROOT}/`],
  }));

  app.get(`/${API_ROOT}/`, { schema: taxiiSchema('TAXII API root', { response: { 200: taxiiApiRootSchema, ...errors } }) }, async () => ({
    title: 'riskscan findings',
    description: 'Dangerous URLs from public scans and the look-alikes of your watched domains.',
    versions: [TAXII_MEDIA_TYPE],
    max_content_length: MAX_CONTENT_LENGTH,
  }));

  app.get(
    `/${API_ROOT}/collections/`,
    { schema: taxiiSchema('TAXII collections you may read', { response: { 200: taxiiCollectionsSchema, ...errors } }) },
    async (request) => ({ collections: collections(request.user!).map(collectionResource) }),
  );

  app.get(
    `/${API_ROOT}/collections/:id/`,
    {
      schema: taxiiSchema('A TAXII collection', {
        params: taxiiCollectionParamsSchema,
        response: { 200: taxiiCollectionSchema, ...errors },
      }),
    },
    async (request) => collectionResource(collectionOf(request, request.params.id)),
  );

  /** One page of a collection after the request's `next` or `added_after`, narrowed by the `match[...]` filters. */
  async function page(source: IndicatorSource, query: TaxiiFilterQuery, objectId?: string) {
    const limit = query.limit === undefined ? DEFAULT_PAGE : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new HttpError(400, { detail: 'limit must be a positive whole number.' });
    let after: FeedPosition | null = null;
    if (query.next !== undefined) {
      after = decodeNext(query.next);
      if (!after) throw new HttpError(400, { detail: 'next is not a token this server gave out.' });
    } else if (query.added_after !== undefined) {
      const added = parseTimestamp(query.added_after);
      if (!added) throw new HttpError(400, { detail: 'added_after must be a timestamp such as 2026-01-31T12:00:00.000Z.' });
      after = { added, key: null };
    }
    const ofVersion = versionFilter(query['match[version]']);
    const ids = objectId === undefined ? list(query['match[id]']) : [objectId];
    const types = list(query['match[type]']);
    const specVersions = list(query['match[spec_version]']);
    const none = { findings: [] as Finding[], more: false };
    if ((types && !types.includes('indicator')) || (specVersions && !specVersions.includes('2.1'))) return none;
    const uuids = ids?.flatMap((id) => indicatorUuid(id) ?? []);
    const size = Math.min(limit, MAX_PAGE);
    const found = (await source.page(after, size + 1, { uuids })).filter(
      (finding) => (!ids || ids.includes(indicatorId(finding))) && (!ofVersion || ofVersion(finding)),
    );
    return { findings: found.slice(0, size), more: found.length > size };
  }

  /** The one finding behind `objectId` in the collection, whatever the filters; 404 when there is none. */
  async function objectOf(source: IndicatorSource, objectId: string) {
    const { findings } = await page(source, {}, objectId);
    if (findings.length === 0) throw new HttpError(404, { detail: 'Object not found.' });
    return findings[0]!;
  }

  const pageHeaders = (reply: FastifyReply, findings: { added: Date }[]) => {
    if (findings.length === 0) return;
    reply.header('X-TAXII-Date-Added-First', findings[0]!.added.toISOString());
    reply.header('X-TAXII-Date-Added-Last', findings.at(-1)!.added.toISOString());
  };
  const envelope = (reply: FastifyReply, { findings, more }: { findings: Finding[]; more: boolean }) => {
    pageHeaders(reply, findings);
    const last = findings.at(-1);
    return {
      more,
      ...(more && last ? { next: encodeNext(last) } : {}),
      ...(findings.length > 0 ? { objects: findings.map(stixIndicator) } : {}),
    };
  };

  app.get(
    `/${API_ROOT}/collections/:id/objects/`,
    {
      schema: taxiiSchema('STIX objects of a collection', {
        params: taxiiCollectionParamsSchema,
        querystring: taxiiFilterQuerySchema,
        response: { 200: taxiiEnvelopeSchema, ...errors },
      }),
    },
    async (request, reply) => envelope(reply, await page(collectionOf(request, request.params.id), request.query)),
  );

  app.get(
    `/${API_ROOT}/collections/:id/objects/:object_id/`,
    {
      schema: taxiiSchema('One STIX object of a collection', {
        params: taxiiObjectParamsSchema,
        querystring: taxiiFilterQuerySchema,
        response: { 200: taxiiEnvelopeSchema, ...errors },
      }),
    },
    async (request, reply) => {
      const source = collectionOf(request, request.params.id);
      await objectOf(source, request.params.object_id);
      return envelope(reply, await page(source, request.query, request.params.object_id));
    },
  );

  app.get(
    `/${API_ROOT}/collections/:id/objects/:object_id/versions/`,
    {
      schema: taxiiSchema('Versions of one STIX object', {
        params: taxiiObjectParamsSchema,
        querystring: taxiiFilterQuerySchema,
        response: { 200: taxiiVersionsSchema, ...errors },
      }),
    },
    async (request, reply) => {
      const finding = await objectOf(collectionOf(request, request.params.id), request.params.object_id);
      const specVersions = list(request.query['match[spec_version]']);
      if (specVersions && !specVersions.includes('2.1')) return { more: false };
      pageHeaders(reply, [finding]);
      // The latest version only: TAXII lets a server keep just that (each change gave it a new `modified`).
      return { more: false, versions: [stixIndicator(finding).modified] };
    },
  );

  app.get(
    `/${API_ROOT}/collections/:id/manifest/`,
    {
      schema: taxiiSchema('Manifest of a collection', {
        params: taxiiCollectionParamsSchema,
        querystring: taxiiFilterQuerySchema,
        response: { 200: taxiiManifestSchema, ...errors },
      }),
    },
    async (request, reply) => {
      const { findings, more } = await page(collectionOf(request, request.params.id), request.query);
      pageHeaders(reply, findings);
      const last = findings.at(-1);
      return {
        more,
        ...(more && last ? { next: encodeNext(last) } : {}),
        ...(findings.length > 0
          ? {
              objects: findings.map((finding) => {
                const indicator = stixIndicator(finding);
                return {
                  id: indicator.id,
                  date_added: finding.added.toISOString(),
                  version: indicator.modified,
                  media_type: STIX_MEDIA_TYPE,
                };
              }),
            }
          : {}),
      };
    },
  );
};
