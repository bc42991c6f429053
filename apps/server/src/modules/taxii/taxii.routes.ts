import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import type { FeedPosition, IndicatorSource } from './indicator-sources.ts';
import { stixIndicator } from './stix-indicator.ts';
import { decodeNext, DEFAULT_PAGE, encodeNext, MAX_PAGE, parseTimestamp } from './taxii-paging.ts';

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';
const API_ROOT = 'riskscan';
const MAX_CONTENT_LENGTH = 10 * 1024 * 1024;

export type TaxiiOptions = { publicUrl: string; sources: IndicatorSource[] };

type Query = Record<string, string | undefined>;

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

/**
 * A read-only TAXII 2.1 server over riskscan's own findings: discovery at `/taxii2/`, one API root,
 * a collection per indicator source, objects and manifest with `added_after`, `limit` and `next`.
 * Callers are signed-in users or API keys; TAXII clients send the key as the HTTP Basic password.
 */
export const taxiiRoutes: FastifyPluginAsync<TaxiiOptions> = async (app, { publicUrl, sources }) => {
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

  const collectionOf = (id: string) => {
    const source = sources.find((candidate) => candidate.id === id);
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

  app.get('/', async () => ({
    title: 'riskscan TAXII server',
    description: "riskscan's own findings as STIX 2.1 indicators.",
    default: `${base}${API_ROOT}/`,
    api_roots: [`${base}${API_ROOT}/`],
  }));

  app.get(`/${API_ROOT}/`, async () => ({
    title: 'riskscan findings',
    description: 'Dangerous URLs from public scans and suspicious look-alike domains.',
    versions: [TAXII_MEDIA_TYPE],
    max_content_length: MAX_CONTENT_LENGTH,
  }));

  app.get(`/${API_ROOT}/collections/`, async () => ({ collections: sources.map(collectionResource) }));

  app.get<{ Params: { id: string } }>(`/${API_ROOT}/collections/:id/`, async (request) =>
    collectionResource(collectionOf(request.params.id)),
  );

  /** One page of a collection after the request's `next` or `added_after`, plus whether more follow. */
  async function page(request: FastifyRequest<{ Params: { id: string }; Querystring: Query }>) {
    const source = collectionOf(request.params.id);
    const query = request.query;
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
    const types = query['match[type]']?.split(',');
    if (types && !types.includes('indicator')) return { findings: [], more: false };
    const size = Math.min(limit, MAX_PAGE);
    const found = await source.page(after, size + 1);
    return { findings: found.slice(0, size), more: found.length > size };
  }

  const pageHeaders = (reply: FastifyReply, findings: { added: Date }[]) => {
    if (findings.length === 0) return;
    reply.header('X-TAXII-Date-Added-First', findings[0]!.added.toISOString());
    reply.header('X-TAXII-Date-Added-Last', findings.at(-1)!.added.toISOString());
  };

  app.get<{ Params: { id: string }; Querystring: Query }>(`/${API_ROOT}/collections/:id/objects/`, async (request, reply) => {
    const { findings, more } = await page(request);
    pageHeaders(reply, findings);
    const last = findings.at(-1);
    return {
      more,
      ...(more && last ? { next: encodeNext(last) } : {}),
      ...(findings.length > 0 ? { objects: findings.map(stixIndicator) } : {}),
    };
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(`/${API_ROOT}/collections/:id/manifest/`, async (request, reply) => {
    const { findings, more } = await page(request);
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
  });
};
