import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { PGLITE_EXTENSIONS } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { pgliteFromSnapshot } from './pglite-snapshot.ts';

/**
 * Migrated in-memory PGlite databases, handed from one test file to the next in the same worker
 * (decision 622). Loading the run's snapshot costs a test database about 0.65 CPU-s (two thirds of
 * what a test app costs to build); putting a used one back as migrated costs about a tenth of that:
 * every table emptied, the rows the migrations seed copied back, every sequence set back, and the
 * session's state discarded. A database whose tables a file changed is closed instead.
 */
export type PgliteLease = { pglite: PGlite; release(): Promise<void> };

/** What a database looks like right after the migrations: the SQL that puts a used one back. */
type Baseline = { schema: string; reset: string };

const BASELINE_SCHEMA = 'riskscan_test_baseline';
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const idle: { pglite: PGlite; baseline: Baseline }[] = [];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables, indexes and columns, to tell a file that changed them. */
async function schemaOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ schema: string }>(
    `select string_agg(format('%s:%s:%s', c.relname, c.relkind, c.relnatts), ',' order by c.relname) as schema
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
  );
  return rows[0]?.schema ?? '';
}

/** Copies the rows the migrations seeded beside the tables, and writes the SQL that restores them. */
async function recordBaseline(pglite: PGlite): Promise<Baseline> {
  const tables = await pglite.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const emptied = tables.rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.has(name));
  const seeded: string[] = [];
  for (const name of emptied) {
    const { rows } = await pglite.query(`select 1 from public.${quote(name)} limit 1`);
    if (rows.length > 0) seeded.push(name);
  }
  await pglite.exec(
    [
      `create schema ${BASELINE_SCHEMA}`,
      ...seeded.map((name) => `create table ${BASELINE_SCHEMA}.${quote(name)} as table public.${quote(name)}`),
    ].join(';\n'),
  );
  const sequences = await pglite.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  const reset = [
    emptied.length > 0 ? `truncate ${emptied.map((name) => `public.${quote(name)}`).join(', ')} cascade` : '',
    ...seeded.map((name) => `insert into public.${quote(name)} overriding system value select * from ${BASELINE_SCHEMA}.${quote(name)}`),
    ...sequences.rows.map(({ name, value }) =>
      value === null ? `alter sequence public.${quote(name)} restart` : `select setval('public.${quote(name)}', ${value}, true)`,
    ),
  ]
    .filter(Boolean)
    .join(';\n');
  return { schema: await schemaOf(pglite), reset };
}

async function freshMigrated(): Promise<PGlite> {
  const loaded = await pgliteFromSnapshot();
  if (loaded) return loaded;
  // Outside Vitest (benchmarks) there is no snapshot: migrate a new one.
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrateToLatest(new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: () => pglite }) }));
  return pglite;
}

/** The database as a driver sees it: closing it hands it back instead. */
function unclosable(pglite: PGlite): PGlite {
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'close') return async () => {};
      if (property === 'closed') return false;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A migrated database for one test file: a worker's idle one put back as migrated, or a new one. */
export async function leaseMigratedPglite(): Promise<PgliteLease> {
  let entry = idle.pop();
  if (!entry) {
    const pglite = await freshMigrated();
    entry = { pglite, baseline: await recordBaseline(pglite) };
  }
  const { pglite, baseline } = entry;
  let released = false;
  return {
    pglite: unclosable(pglite),
    async release() {
      if (released) return;
      released = true;
      try {
        // A failed test can leave a transaction open; `discard all` drops temporary tables,
        // prepared statements, settings, listeners and advisory locks.
        await pglite.exec('rollback');
        await pglite.exec('discard all');
        if ((await schemaOf(pglite)) !== baseline.schema) throw new Error('the file changed the schema');
        await pglite.exec(baseline.reset);
        idle.push({ pglite, baseline });
      } catch {
        await pglite.close();
      }
    },
  };
}
