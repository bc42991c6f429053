import type { Readable } from 'node:stream';

/**
 * What a command-line tool reads and writes: the process's own when run, a test's in process.
 * `env` is what its configuration is loaded from.
 */
export type CliIo = {
  args: string[];
  env: NodeJS.ProcessEnv;
  stdin: Readable;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
};

export const processIo = (): CliIo => ({
  args: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
