import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { detailErrorSchema, fieldErrorsSchema } from '@riskscan/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const API_DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body of a route that reads it itself (raw bytes, multipart, a stream), by
     * content type, for the OpenAPI document only: Fastify does not validate it.
     */
    documentedBody?: Record<string, z.ZodType>;
  }
}

/** A `documentedBody` entry for bytes sent as they are (a file, a log). */
export const rawBytes = (description: string) => z.string().meta({ format: 'binary', description });

/** The error answers every operation may give, with what they mean; each carries the one error shape. */
const ERROR_ANSWERS: Record<string, string> = {
  400: 'Invalid request: `{"detail": "..."}` or field errors `{"field": ["..."]}`.',
  401: 'Not signed in, or the token or API key is not valid.',
  403: 'Not allowed for this account or plan.',
  404: 'Not found (or not yours).',
  409: 'Conflicts with the current state.',
  422: 'Well-formed but cannot be processed.',
  429: 'Too many requests or quota spent: wait as `Retry-After` says.',
  503: 'The database is briefly out of reach: try again after `Retry-After` seconds.',
};
const BODY_TOO_LARGE = 'The request body is larger than this operation accepts.';
const errorBody = z.toJSONSchema(z.union([detailErrorSchema, fieldErrorsSchema]), { target: 'openapi-3.0' });

type Transform = typeof jsonSchemaTransform;
type JsonSchema = Record<string, unknown>;

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/**
 * A generated client's method name for an operation: the method and the path, parameters as
 * `By<Name>`, e.g. `GET /api/v1/scans/:uid/` → `getApiV1ScansByUid`. Method and path are unique,
 * so the name is too.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => (segment.startsWith(':') ? [`By${words(segment).map(capital).join('')}`] : words(segment).map(capital)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

/**
 * The success answer of an operation whose schema declares none (it answers a stream, a file or
 * nothing): a DELETE answers 204 without a body; others 200 in the media types they produce.
 */
function successAnswer(method: string, produces: string[] | undefined): [string, JsonSchema] {
  if (method === 'DELETE') return ['204', { description: 'Done; no content.', type: 'null' }];
  const types = produces ?? ['application/json'];
  return [
    '200',
    {
      description: 'The answer, in the media type asked for.',
      content: Object.fromEntries(types.map((type) => [type, { schema: type === 'application/json' ? {} : { type: 'string' } }])),
    },
  ];
}

/** HTTP Basic, as TAXII clients send an API key: the password is the key, the user name is ignored. */
const TAXII_SECURITY = [{ basic: [] }, { bearer: [] }];

/**
 * Names each route once and keeps the name across regenerations of the document: two routes that
 * differ only in a trailing slash (the CMS's) get the second one numbered.
 */
function operationIds(): (method: string, url: string) => string {
  const byRoute = new Map<string, string>();
  const taken = new Set<string>();
  return (method, url) => {
    const key = `${method} ${url}`;
    let id = byRoute.get(key);
    if (!id) {
      const base = operationIdOf(method, url);
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
      taken.add(id);
      byRoute.set(key, id);
    }
    return id;
  };
}

/**
 * The zod schemas' transform, plus what a generated client needs and zod cannot say: an
 * `operationId` for every operation, a success answer for those that stream or answer nothing,
 * the bodies routes read themselves (`config.documentedBody`) and every error answer. An operation
 * that declares its own error shape (TAXII) keeps it for the answers it does not declare.
 */
const documentTransform =
  (operationIdFor: (method: string, url: string) => string): Transform =>
  (input) => {
    const output = jsonSchemaTransform(input);
    const schema = output.schema as JsonSchema & {
      hide?: boolean;
      response?: Record<string, JsonSchema>;
      produces?: string[];
      tags?: string[];
      operationId?: string;
      security?: unknown;
    };
    if (!schema || schema.hide) return output;
    const method = ([] as string[]).concat(input.route.method)[0]!.toUpperCase();
    schema.operationId ??= operationIdFor(method, input.url);
    if (schema.tags?.includes('TAXII 2.1')) schema.security ??= TAXII_SECURITY;
    const body = input.route.config?.documentedBody;
    if (body) {
      schema.body = {
        content: Object.fromEntries(
          Object.entries(body).map(([type, zodSchema]) => [type, { schema: z.toJSONSchema(zodSchema, { target: 'openapi-3.0' }) }]),
        ),
      };
    }
    const response = (schema.response ??= {});
    if (!Object.keys(response).some((status) => /^[23]/.test(status))) {
      const [status, answer] = successAnswer(method, schema.produces);
      response[status] = answer;
    }
    const declared = Object.entries(response).find(([status]) => status.startsWith('4'))?.[1];
    const answers = schema.body ? { ...ERROR_ANSWERS, 413: BODY_TOO_LARGE } : ERROR_ANSWERS;
    for (const [status, description] of Object.entries(answers)) {
      response[status] ??= { ...(declared ?? errorBody), description };
    }
    return output;
  };

/**
 * The OpenAPI document, generated from every route's zod schemas, at `/api/docs/json`, and the
 * reference page at `/api/docs`. Register before the routes: the document collects routes as
 * they are added. Swagger UI's page loads its scripts from files, so the app's CSP holds.
 */
export const apiDocsPlugin = fp<{ version: string; publicUrl: string }>(
  async (app, { version, publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'riskscan API',
          version,
          description:
            'URL risk scanning. Authenticate with `Authorization: Bearer <session token>` or `Authorization: Api-Key <key>` ' +
            '(plans with API access; keys are limited per minute and answer with RateLimit-* headers).',
        },
        servers: [{ url: publicUrl.replace(/\/+$/, ''), description: 'This riskscan server' }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Api-Key <key>' },
            bearer: { type: 'http', scheme: 'bearer' },
            basic: { type: 'http', scheme: 'basic', description: 'TAXII clients: any user name, an API key as the password' },
          },
        },
        security: [{ apiKey: [] }, { bearer: [] }],
      },
      transform: documentTransform(operationIds()),
    });
    await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: false, uiConfig: { deepLinking: true } });
  },
  { name: 'api-docs' },
);
