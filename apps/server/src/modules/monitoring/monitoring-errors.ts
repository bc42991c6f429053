import { HttpError } from '../../plugins/errors.ts';

/** Something about a request the user can fix; `field` names the input, or the request as a whole when null. */
export class MonitorInputError extends Error {
  constructor(
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

export const MONITOR_NOT_FOUND = 'Not found.';
export class MonitorNotFoundError extends Error {
  constructor() {
    super(MONITOR_NOT_FOUND);
  }
}

/** The one place the module's errors become HTTP answers. */
export function httpErrorOf(error: unknown): unknown {
  if (error instanceof MonitorInputError)
    return new HttpError(400, error.field ? { [error.field]: [error.message] } : { detail: error.message });
  if (error instanceof MonitorNotFoundError) return new HttpError(404, { detail: error.message });
  return error;
}
