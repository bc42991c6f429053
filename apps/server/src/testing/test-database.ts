import { createHash, randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest, migrationNames } from '../db/migrate.ts';

/** Which database the integration tests run on; the vitest projects set it. */
export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKind: TestDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = {
  db: Db;
  database: { kind: 'pglite'; dataDir: null } | { kind: 'postgres'; url: string };
  drop(): Promise<void>;
};

function urlFor(database: string): string {
  const url = new URL(testPostgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function adminDb(): Kysely<unknown> {
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: testPostgresUrl, max: 1 }) }) });
}

/** One template per set of migrations, so a changed migration list never reuses a stale one. */
const templateName = `riskscan_template_${createHash('sha256').update(migrationNames.join('\n')).digest('hex').slice(0, 12)}`;

async function ensureTemplate(admin: Kysely<unknown>): Promise<void> {
  // Test files run in parallel workers: an advisory lock lets exactly one build the template.
  await sql`select pg_advisory_lock(724311)`.execute(admin);
  try {
    const exists = await sql<{ n: number }>`select 1 as n from pg_database where datname = ${templateName}`.execute(admin);
    if (exists.rows.length > 0) return;
    const building = `${templateName}_building`;
    await sql`drop database if exists ${sql.id(building)}`.execute(admin);
    await sql`create database ${sql.id(building)}`.execute(admin);
    const db = await createDatabase({ kind: 'postgres', url: urlFor(building) });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await sql`alter database ${sql.id(building)} rename to ${sql.id(templateName)}`.execute(admin);
  } finally {
    await sql`select pg_advisory_unlock(724311)`.execute(admin);
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new PostgreSQL database
 * copied from a migrated template. Call `drop()` in `afterAll`. `{ migrated: false }`: an empty
 * one, for tests of a migration.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testDatabaseKind === 'pglite') {
    const database = { kind: 'pglite', dataDir: null } as const;
    const db = await createDatabase(database);
    if (migrated) await migrateToLatest(db);
    return { db, database, drop: () => db.destroy() };
  }
  const admin = adminDb();
  const name = `riskscan_test_${randomUUID().replaceAll('-', '')}`;
  try {
    if (migrated) {
      await ensureTemplate(admin);
      await sql`create database ${sql.id(name)} template ${sql.id(templateName)}`.execute(admin);
    } else {
      await sql`create database ${sql.id(name)}`.execute(admin);
    }
  } finally {
    await admin.destroy();
  }
  const database = { kind: 'postgres', url: urlFor(name) } as const;
  const db = await createDatabase(database);
  return {
    db,
    database,
    async drop() {
      await db.destroy();
      const cleanup = adminDb();
      try {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cleanup);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}
