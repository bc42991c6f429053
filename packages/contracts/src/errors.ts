import { z } from 'zod';

/** One error for the whole request: `{"detail": "..."}` (DESIGN §5). */
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

/** Errors per field: `{"email": ["..."]}`; the web app reads the first message of a field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** A 400: a problem with the request as a whole (a body that is no object) or with its fields. */
export const badRequestSchema = detailErrorSchema.or(fieldErrorsSchema);
