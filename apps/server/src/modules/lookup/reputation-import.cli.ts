import { processIo } from './cli-io.ts';
import { reputationImportCommand } from './reputation-import-command.ts';

process.exitCode = await reputationImportCommand(processIo());
