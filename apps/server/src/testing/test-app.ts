import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestApp = { app: FastifyInstance; config: Config; testDb: TestDatabase; close(): Promise<void> };

/**
 * The real app on a fresh database, configured as in production except for what a test
 * overrides through `env`.
 */
export async function createTestApp(env: Record<string, string> = {}, deps: Omit<AppDependencies, 'db'> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'riskscan-test-'));
  const removeAll = async () => {
    try {
      await testDb.drop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  let config: Config;
  let app: FastifyInstance;
  try {
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    app = await buildApp({ ...config, database: testDb.database }, { ...deps, db: testDb.db });
  } catch (error) {
    // A test of a refused configuration leaves no database or data folder behind.
    await removeAll();
    throw error;
  }
  return {
    app,
    config,
    testDb,
    async close() {
      try {
        await app.close();
      } finally {
        await removeAll();
      }
    },
  };
}
