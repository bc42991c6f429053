import { ConfigError, loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { runCommentsCommand } from './comments-cli.ts';

/**
 * `npm run comments -- list|approve|reject ...` against the configured database. With the
 * embedded PGlite database, stop the server first: PGlite allows one process at a time.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = await createDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await runCommentsCommand(process.argv.slice(2), createCommentsRepository(db), (text) => console.log(text));
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
