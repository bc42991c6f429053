import type { DetailError, FieldErrors } from '@riskscan/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  QuotaExhaustedError,
  TooManyRequestsError,
  UpstreamError,
} from '../domain-errors.ts';

/** An error a route or plugin throws on purpose with its HTTP status; services throw domain errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: DetailError | FieldErrors,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

/** The one place a domain error becomes an HTTP status (DESIGN §5). */
const STATUS_OF_DOMAIN_ERROR: [new (...args: never[]) => DomainError, number][] = [
  [InvalidError, 400],
  [ForbiddenError, 403],
  [QuotaExhaustedError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooManyRequestsError, 429],
  [UpstreamError, 502],
];

function statusOf(error: unknown): number | null {
  for (const [kind, status] of STATUS_OF_DOMAIN_ERROR) if (error instanceof kind) return status;
  return null;
}

type ValidationIssue = { instancePath: string; message?: string | undefined };

/** Field problems become `{field: [messages]}`; a problem with the request as a whole, `{detail}`. */
export function presentValidationIssues(issues: ValidationIssue[]): DetailError | FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const message = issue.message ?? 'Invalid value.';
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field === '') return { detail: message };
    (fields[field] ??= []).push(message);
  }
  return fields;
}

/** One error shape for the whole API (DESIGN §5); a client never sees a stack trace. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
      const domainStatus = statusOf(error);
      if (domainStatus !== null) {
        const domainError = error as unknown as DomainError;
        if (domainError instanceof TooManyRequestsError && domainError.retryAfterSeconds !== null) {
          void reply.header('retry-after', String(domainError.retryAfterSeconds));
        }
        return reply.status(domainStatus).send(domainError.body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(presentValidationIssues(error.validation));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ detail: 'Internal server error.' });
      }
      return reply.status(status).send({ detail: error.message });
    });
  },
  { name: 'errors' },
);
