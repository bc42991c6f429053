import { processIo } from './cli-io.ts';
import { lookupCommand } from './lookup-command.ts';

process.exitCode = await lookupCommand(processIo());
