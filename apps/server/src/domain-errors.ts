import type { DetailError, FieldErrors } from '@riskscan/contracts';

/**
 * What a service throws when a request cannot be done, in the domain's words. The message (or the
 * per-field messages) is the specification's and safe to show; `plugins/errors.ts` alone decides
 * the HTTP status each kind gets.
 */
export abstract class DomainError extends Error {
  readonly body: DetailError | FieldErrors;

  constructor(problem: string | FieldErrors) {
    super(typeof problem === 'string' ? problem : JSON.stringify(problem));
    this.body = typeof problem === 'string' ? { detail: problem } : problem;
  }
}

/** The thing asked for does not exist, or the caller may not know it does. */
export class NotFoundError extends DomainError {}

/** The caller is known but may not do this (their plan, their role, a used-up free scan). */
export class ForbiddenError extends DomainError {}

/** The plan's allowance for the period is used up. */
export class QuotaExhaustedError extends DomainError {}

/** Too many attempts from this client for now; `retryAfterSeconds` when it is known. */
export class TooManyRequestsError extends DomainError {
  constructor(
    problem: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(problem);
  }
}

/** The request clashes with what is already there (a duplicate). */
export class ConflictError extends DomainError {}

/** The input is well-formed but not acceptable: `{detail}` for the whole, `{field: [...]}` per field. */
export class InvalidError extends DomainError {
  /** One field's problem: `{"url": ["..."]}`. */
  static field(field: string, message: string): InvalidError {
    return new InvalidError({ [field]: [message] });
  }
}

/** A service the request depends on (mail, the card processor) failed. */
export class UpstreamError extends DomainError {}
