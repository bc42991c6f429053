import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the e2e servers keep their data on (trust auth here, as in the server's tests). */
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type E2eDatabase = { url: string; drop(): Promise<void> };

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * An empty database of its own for one e2e server (the server migrates it at start). PostgreSQL
 * rather than PGlite under the data folder: the running server holds a PGlite folder open, and
 * the member fixture deletes its accounts through this database while the server runs.
 */
export async function createE2eDatabase(): Promise<E2eDatabase> {
  const name = `riskscan_e2e_${randomUUID().replaceAll('-', '')}`;
  await asAdmin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`drop database if exists "${name}" with (force)`) };
}
