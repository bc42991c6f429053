import { scanCommand } from './scan-command.ts';

process.exitCode = await scanCommand({ args: process.argv.slice(2), env: process.env, stdout: process.stdout, stderr: process.stderr });
