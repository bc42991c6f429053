import { InvalidError, NotFoundError } from '../../domain-errors.ts';

/** Something about a request the user can fix; `field` names the input, or the request as a whole when null. */
export class MonitorInputError extends InvalidError {
  constructor(
    readonly field: string | null,
    message: string,
  ) {
    super(field ? { [field]: [message] } : message);
  }
}

export const MONITOR_NOT_FOUND = 'Not found.';
export class MonitorNotFoundError extends NotFoundError {
  constructor() {
    super(MONITOR_NOT_FOUND);
  }
}
