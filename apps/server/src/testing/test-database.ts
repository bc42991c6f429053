import { createHash, randomUUID } from 'node:crypto';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest, migrationNames } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { leaseMigratedPglite } from './pglite-reuse.ts';

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

/** Builds a migrated database under `name`, through a temporary name so a half-built one is never used. */
async function buildTemplate(admin: Kysely<unknown>, name: string): Promise<void> {
  const building = `${name}_building`;
  await sql`drop database if exists ${sql.id(building)}`.execute(admin);
  await sql`create database ${sql.id(building)}`.execute(admin);
  try {
    const db = await createDatabase({ kind: 'postgres', url: urlFor(building) });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await sql`alter database ${sql.id(building)} rename to ${sql.id(name)}`.execute(admin);
  } catch (error) {
    await sql`drop database if exists ${sql.id(building)} with (force)`.execute(admin);
    throw error;
  }
}

/** Outside a Vitest run (benchmarks): one template per set of migrations, kept between runs. */
const sharedTemplateName = `riskscan_template_${createHash('sha256').update(migrationNames.join('\n')).digest('hex').slice(0, 12)}`;

async function ensureSharedTemplate(admin: Kysely<unknown>): Promise<string> {
  // Benchmarks may start several processes at once: an advisory lock lets exactly one build it.
  await sql`select pg_advisory_lock(724311)`.execute(admin);
  try {
    const exists = await sql<{ n: number }>`select 1 as n from pg_database where datname = ${sharedTemplateName}`.execute(admin);
    if (exists.rows.length === 0) await buildTemplate(admin, sharedTemplateName);
    return sharedTemplateName;
  } finally {
    await sql`select pg_advisory_unlock(724311)`.execute(admin);
  }
}

/**
 * A Vitest run's PostgreSQL databases share one name prefix: its migrated template is built once
 * before the first test file, and every database with the prefix (the template, and any a crashed
 * test file did not drop) is dropped when the run ends, so a run leaves no database behind.
 */
let runPrefix: string | null = null;

export function useRunPrefix(prefix: string): void {
  runPrefix = prefix;
}

const templateOf = (prefix: string) => `${prefix}template`;

export async function createRunTemplate(): Promise<{ prefix: string; remove(): Promise<void> }> {
  const prefix = `riskscan_run_${randomUUID().slice(0, 8)}_`;
  const admin = adminDb();
  try {
    await buildTemplate(admin, templateOf(prefix));
  } finally {
    await admin.destroy();
  }
  return {
    prefix,
    async remove() {
      const cleanup = adminDb();
      try {
        const left = await sql<{ datname: string }>`select datname from pg_database where starts_with(datname, ${prefix})`.execute(cleanup);
        for (const { datname } of left.rows) await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(cleanup);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}

/**
 * A migrated database for one test file, as the migrations left it: PGlite in memory (the run's
 * snapshot, or a database an earlier file of the worker handed back: `pglite-reuse.ts`), or a new
 * PostgreSQL database copied from a migrated template. Call `drop()` in `afterAll`. `{ migrated: false }`: an empty
 * one, for tests of a migration.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testDatabaseKind === 'pglite') {
    const database = { kind: 'pglite', dataDir: null } as const;
    if (!migrated) {
      const db = await createDatabase(database);
      return { db, database, drop: () => db.destroy() };
    }
    const lease = await leaseMigratedPglite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: lease.pglite }) });
    return {
      db,
      database,
      async drop() {
        await db.destroy();
        await lease.release();
      },
    };
  }
  const admin = adminDb();
  const name = `${runPrefix ?? 'riskscan_test_'}${randomUUID().replaceAll('-', '')}`;
  try {
    if (migrated) {
      const template = runPrefix ? templateOf(runPrefix) : await ensureSharedTemplate(admin);
      await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin);
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
