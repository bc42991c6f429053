import type { Kysely } from 'kysely';

/**
 * A spent refresh token keeps its successor sealed with a key only the spent token derives
 * (decision 340): two tabs refreshing with the same token within the grace window both get the
 * same new pair, and the database still holds no usable token.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
}
