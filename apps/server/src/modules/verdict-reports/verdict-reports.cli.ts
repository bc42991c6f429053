import { userInfo } from 'node:os';
import { ConfigError } from '../../config.ts';
import { openCliContext } from '../lookup/index.ts';
import { runVerdictReportsCommand } from './verdict-reports-cli.ts';

/**
 * `npm run verdict-reports -- list|accept|reject|examples` against the configured database. With
 * the embedded PGlite database, stop the server first: PGlite allows one process at a time. Running
 * servers see a correction in lookups at their next reputation reload, and in the feeds at once.
 */
async function main(): Promise<number> {
  const context = await openCliContext();
  try {
    return await runVerdictReportsCommand(
      process.argv.slice(2),
      { db: context.db, corrections: context.store, reviewer: `cli:${userInfo().username}` },
      (text) => console.log(text),
    );
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
