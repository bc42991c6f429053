import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document, generated from every route's zod schemas, at `/api/docs/json`, and the
 * reference page at `/api/docs`. Register before the routes: the document collects routes as
 * they are added. Swagger UI's page loads its scripts from files, so the app's CSP holds.
 */
export const apiDocsPlugin = fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'riskscan API',
          version,
          description:
            'URL risk scanning. Authenticate with `Authorization: Bearer <session token>` or `Authorization: Api-Key <key>` ' +
            '(plans with API access; keys are limited per minute and answer with RateLimit-* headers).',
        },
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Api-Key <key>' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
        security: [{ apiKey: [] }, { bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: false, uiConfig: { deepLinking: true } });
  },
  { name: 'api-docs' },
);
