import { Readable } from 'node:stream';
import type { CliIo } from '../cli-io.ts';

export type CliRun = { status: number; stdout: string; stderr: string };

/** Runs a command-line tool's command in this process, as `spawnSync` would run its script. */
export async function runCommand(
  command: (io: CliIo) => Promise<number>,
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const status = await command({
    args,
    env,
    stdin: Readable.from([input]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { status, stdout, stderr };
}
