/**
 * The server's public face for code outside the app (bench/, reliability/): build the API from a
 * config, and open and migrate its database. Test harnesses are in `./testing/index.ts`.
 */
export { buildApp, type AppDependencies } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { createDatabase, type Db } from './db/database.ts';
export { migrateToLatest } from './db/migrate.ts';
