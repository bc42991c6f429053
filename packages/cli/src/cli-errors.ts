/**
 * Exit codes a pipeline can rely on (decision 332): each outcome its own, so a gate never passes
 * on something that was not judged.
 */
export const EXIT_PASSED = 0;
/** A verdict reached `--fail-on`. */
export const EXIT_THRESHOLD_REACHED = 1;
/** The command line, the configuration or the request was wrong (a 4xx answer included). */
export const EXIT_USAGE = 2;
/** The server could not be reached, or did not answer within `--timeout`. */
export const EXIT_UNREACHABLE = 3;
/** The server answered but judged nothing: no valid input, an unreachable site, a failed scan, a server error. */
export const EXIT_NOT_JUDGED = 4;

/** An error the user can act on: its message says what to do; the command exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_USAGE) {
    super(message);
    this.exitCode = exitCode;
  }
}
