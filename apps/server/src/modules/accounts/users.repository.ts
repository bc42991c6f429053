import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AuthUserKind } from '../auth/index.ts';

export type UsersTable = {
  id: ColumnType<number, never, never>;
  uid: string;
  /** Stored trimmed and lower-cased, so uniqueness is case-insensitive. */
  email: string;
  /** argon2id PHC string; null for the free-scan guest, which cannot sign in. */
  password_hash: string | null;
  name: Generated<string>;
  kind: Generated<AuthUserKind>;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  activated_at: Date | null;
  updated_at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    users: UsersTable;
  }
}

export type User = Selectable<UsersTable>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUid(db: Executor, uid: string): Promise<User | undefined> {
  // A malformed uid cannot match and must not reach the uuid column as a cast error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uid)) return Promise.resolve(undefined);
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export function findFreeScanGuest(db: Executor): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('kind', '=', 'free-scan-guest').executeTakeFirst();
}

/** Inserts an inactive user; returns undefined when the e-mail is already taken. */
export function insertUser(db: Executor, user: { uid: string; email: string; passwordHash: string }): Promise<User | undefined> {
  return db
    .insertInto('users')
    .values({ uid: user.uid, email: normalizeEmail(user.email), password_hash: user.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function activateUser(db: Executor, id: number): Promise<void> {
  await db.updateTable('users').set({ is_active: true, activated_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function setName(db: Executor, id: number, name: string): Promise<void> {
  await db.updateTable('users').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
}

/** False when another account took the address in the meantime. */
export async function setEmail(db: Executor, id: number, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email: normalizeEmail(email), updated_at: new Date() })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as other').select('other.id').where('other.email', '=', normalizeEmail(email)).where('other.id', '<>', id),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
