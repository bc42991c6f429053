/**
 * Exit codes a pipeline can rely on: 0 passed, 1 a verdict reached `--fail-on`, 2 nothing could
 * be judged (usage, configuration, connection, refused request, failed scan).
 */
export const EXIT_PASSED = 0;
export const EXIT_THRESHOLD_REACHED = 1;
export const EXIT_NOT_JUDGED = 2;

/** An error the user can act on: its message says what to do; the command exits 2. */
export class CliError extends Error {
  readonly exitCode = EXIT_NOT_JUDGED;
}
