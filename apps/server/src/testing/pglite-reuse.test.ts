import { describe, expect, it } from 'vitest';
import { leaseMigratedPglite } from './pglite-reuse.ts';

type Row = Record<string, unknown>;

const rows = async (lease: { pglite: { query<T>(sql: string): Promise<{ rows: T[] }> } }, sql: string) =>
  (await lease.pglite.query<Row>(sql)).rows;

const state = (lease: Parameters<typeof rows>[0]) =>
  Promise.all([
    rows(lease, 'select id, name from plans order by id'),
    rows(lease, 'select id, email from users order by id'),
    rows(lease, 'select count(*)::int as n from content_categories'),
    rows(lease, `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`),
    rows(lease, `select current_setting('statement_timeout') as timeout`),
  ]);

describe('a worker hands its PGlite test databases back as migrated (decision 622)', () => {
  it('empties what a file wrote, copies the seeded rows back and sets the sequences back', async () => {
    const first = await leaseMigratedPglite();
    const migrated = await state(first);
    expect(migrated[0].length).toBeGreaterThan(0);
    await first.pglite.exec(`
      create schema kept_by_the_worker;
      delete from plans where id = (select min(id) from plans);
      insert into content_categories (id, name, slug) values (99, 'Left behind', 'left-behind');
      select nextval('plans_id_seq');
      set statement_timeout = '1234ms';
    `);
    await first.pglite.exec('begin'); // a failed test's transaction, left open
    await first.pglite.close(); // a driver's destroy() closes it: the database stays the worker's
    await first.release();

    const second = await leaseMigratedPglite();
    expect(await rows(second, `select 1 from pg_namespace where nspname = 'kept_by_the_worker'`)).toHaveLength(1);
    expect(await state(second)).toEqual(migrated);
    await second.release();
  });

  it('closes a database whose tables a file changed instead of handing it back', async () => {
    const changed = await leaseMigratedPglite();
    await changed.pglite.exec('create table left_by_a_file (id int)');
    await changed.release();

    const next = await leaseMigratedPglite();
    expect(await rows(next, `select 1 from pg_tables where tablename = 'left_by_a_file'`)).toEqual([]);
    await next.release();
  });
});
