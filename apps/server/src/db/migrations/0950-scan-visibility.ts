import { type Kysely, sql } from 'kysely';

/**
 * Who may see a scan: `public` (board and search), `unlisted` (anyone holding the permalink,
 * never listed) or `private` (the owner only). Older scans keep what `is_private` said.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scans')
    .addColumn('visibility', 'text', (col) =>
      col
        .notNull()
        .defaultTo('public')
        .check(sql`visibility in ('public', 'unlisted', 'private')`),
    )
    .execute();
  await db.updateTable('scans').set({ visibility: 'private' }).where('is_private', '=', true).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').dropColumn('visibility').execute();
}
