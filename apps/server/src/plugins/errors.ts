import type { DetailError, FieldErrors } from '@riskscan/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkLimitError } from '@riskscan/scanner';
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

/**
 * Untrusted input whose reading broke a worker's limit: 413 when it needed too much (memory,
 * answer size), 422 when it took too long; `what` names the input ("The message").
 */
export function workLimitHttpError(what: string, error: WorkLimitError): HttpError {
  return new HttpError(error.limit === 'timeMs' ? 422 : 413, { detail: `${what} could not be read: reading it ${error.message}.` });
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

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL byte or broken UTF-8 in text, a number
 * out of an integer's range, text that is no valid uuid…) only ever come from values a request
 * carried past its schema: bad input, not a server fault.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * The database is briefly out of reach (restarting, failing over, refusing connections): a 503
 * with Retry-After tells clients and load balancers to come back, where a 500 would say "bug".
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect now), and
 * the socket errors of a server that is not there.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code);
}

export const TRY_AGAIN = 'The service is briefly unavailable. Please try again in a moment.';

export const INVALID_VALUE = 'The request carries a value the server cannot store or look up.';

export const REQUEST_TOO_LARGE =
  'This request is too large: its address or headers are longer than the server accepts. A URL to scan may have at most 4096 characters.';
export const MALFORMED_REQUEST = 'The server could not read this request.';

/**
 * Errors Node's HTTP parser meets before Fastify routes anything (an over-long request line
 * answers 431): the same `{"detail"}` shape as every other error, instead of Fastify's default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ detail: status === 431 ? REQUEST_TOO_LARGE : status === 408 ? TRY_AGAIN : MALFORMED_REQUEST });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
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
      if (isDataException(error)) {
        request.log.warn({ err: error }, 'request refused: a value the database cannot take');
        return reply.status(400).send({ detail: INVALID_VALUE });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'request failed: database unavailable');
        return reply.status(503).header('retry-after', '5').send({ detail: TRY_AGAIN });
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
