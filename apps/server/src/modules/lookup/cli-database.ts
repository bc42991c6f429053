import { pino } from 'pino';
import { type Config, loadConfig } from '../../config.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ReputationStore } from './reputation-store.ts';

export type CliContext = { config: Config; db: Db; store: ReputationStore; log: pino.Logger; close(): Promise<void> };

/**
 * What the command-line tools share with the server: the configuration (from `env`, the process's
 * by default), the database (migrated) and the reputation store loaded from it. Logs go to stderr
 * so stdout stays machine-readable.
 */
export async function openCliContext(env?: NodeJS.ProcessEnv): Promise<CliContext> {
  const config = loadConfig(env);
  const log = pino({ level: config.logLevel }, pino.destination(2));
  const db = await createDatabase(config.database);
  await migrateToLatest(db);
  const store = new ReputationStore(db, config.reputation.maxAgeDays);
  await store.reload();
  return { config, db, store, log, close: () => db.destroy() };
}
