import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** The database or a transaction on it: what repository functions run their queries on. */
export type Executor = Db | Transaction<Database>;

/** The extensions every PGlite database loads: pg_trgm indexes the URL text searches look for (migration 1200). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite under DATA_DIR by default (null keeps it in memory); a real server with DATABASE_URL. */
export async function createDatabase(database: Config['database']): Promise<Db> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client the server drops (restart, failover, a dropped test database) must not crash
    // the process; the pool replaces it on the next query.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (database.dataDir) await mkdir(database.dataDir, { recursive: true });
  const pglite = new PGlite({ ...(database.dataDir ? { dataDir: database.dataDir } : {}), extensions: PGLITE_EXTENSIONS });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}

/**
 * Runs `work` in a savepoint of the transaction: when it throws, its writes alone are undone and
 * the transaction can go on to commit what came before.
 */
export async function inSavepoint<T>(trx: Transaction<Database>, name: string, work: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const done = await work();
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return done;
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    throw error;
  }
}

export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
