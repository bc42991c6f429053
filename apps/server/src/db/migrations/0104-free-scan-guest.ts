import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FREE_SCAN_GUEST_EMAIL } from '@riskscan/contracts';

/** The one shared account free-scan guest tokens belong to (SPEC §6); it has no password and cannot sign in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('users')
    .values({ uid: randomUUID(), email: FREE_SCAN_GUEST_EMAIL, kind: 'free-scan-guest', is_active: true, name: 'Free scan' })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('users').where('kind', '=', 'free-scan-guest').execute();
}
