import { processIo } from '../lookup/index.ts';
import { triageCommand } from './triage-command.ts';

process.exitCode = await triageCommand(processIo());
