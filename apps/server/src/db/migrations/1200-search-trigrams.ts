import { type Kysely, sql } from 'kysely';

/**
 * Words of a search are found in URLs through a trigram index (pg_trgm), not by reading every
 * indexed scan: `lower(url) like '%word%'` uses it for words of three characters or more.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index search_scans_url_trgm_idx on search_scans using gin (lower(url) gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index search_scans_url_trgm_idx`.execute(db);
}
