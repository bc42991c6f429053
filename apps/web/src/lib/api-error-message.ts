import { ApiError } from './api-client.ts';

export const SOMETHING_WENT_WRONG = 'Oops, something went wrong!';

/** The server's words for a failed call: `detail`, else the first message of `field`, else the fallback. */
export function answerMessage(error: unknown, field?: string, fallback = SOMETHING_WENT_WRONG): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body as Record<string, unknown> | null;
  const perField = field && body && typeof body === 'object' ? body[field] : undefined;
  if (Array.isArray(perField) && typeof perField[0] === 'string') return perField[0];
  if (typeof perField === 'string') return perField;
  return ApiError.describe(body) ?? fallback;
}

/** True when the answer names `field` as the problem (SPEC §7: "an error with an email field"). */
export function hasFieldError(error: unknown, field: string): boolean {
  return error instanceof ApiError && Boolean(error.body && typeof error.body === 'object' && field in error.body);
}
