import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { seedPgliteDataDir } from './pglite-snapshot.ts';
import { createTestDatabase, testDatabaseKind } from './test-database.ts';

export type CliEnvironment = { env: NodeJS.ProcessEnv; dir: string; close(): Promise<void> };

/**
 * The environment of a command-line tool that opens the database itself, run in process or
 * spawned: its own DATA_DIR with, on PGlite (one process only), a migrated database from the
 * run's snapshot in its files; on PostgreSQL, a fresh test database through DATABASE_URL.
 */
export async function createCliEnvironment(): Promise<CliEnvironment> {
  const dir = await mkdtemp(path.join(tmpdir(), 'riskscan-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dir };
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (testDatabaseKind === 'pglite') {
    const { database } = loadConfig(env);
    if (database.kind === 'pglite' && database.dataDir) await seedPgliteDataDir(database.dataDir);
    return { env, dir, close: removeDir };
  }
  const testDb = await createTestDatabase();
  return {
    env: { ...env, ...(testDb.database.kind === 'postgres' ? { DATABASE_URL: testDb.database.url } : {}) },
    dir,
    async close() {
      await testDb.drop();
      await removeDir();
    },
  };
}
