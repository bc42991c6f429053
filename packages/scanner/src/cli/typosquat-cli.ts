import { typosquatCommand } from './typosquat-command.ts';

process.exitCode = await typosquatCommand({
  args: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
