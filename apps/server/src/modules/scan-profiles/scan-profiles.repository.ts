import type { ScanProfile, ScanProfileInput } from '@riskscan/contracts';
import { type ColumnType, type Generated, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type ScanProfilesTable = {
  id: Generated<number>;
  uid: string;
  user_id: number;
  name: string;
  is_default: boolean;
  count_zero_values: boolean;
  checks: ColumnType<ScanProfile['checks'], string, string>;
  additional_checks: ColumnType<ScanProfile['additional_checks'], string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    scan_profiles: ScanProfilesTable;
  }
}

type ScanProfileRow = Selectable<ScanProfilesTable>;

const toProfile = (row: ScanProfileRow): ScanProfile => ({
  uid: row.uid,
  name: row.name,
  is_default: row.is_default,
  count_zero_values: row.count_zero_values,
  checks: row.checks,
  additional_checks: row.additional_checks,
});

export async function listProfiles(db: Executor, userId: number): Promise<ScanProfile[]> {
  const rows = await db.selectFrom('scan_profiles').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toProfile);
}

export async function findProfile(db: Executor, userId: number, uid: string): Promise<ScanProfile | undefined> {
  const row = await db.selectFrom('scan_profiles').selectAll().where('user_id', '=', userId).where('uid', '=', uid).executeTakeFirst();
  return row && toProfile(row);
}

export async function findDefaultProfile(db: Executor, userId: number): Promise<ScanProfile | undefined> {
  const row = await db
    .selectFrom('scan_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row && toProfile(row);
}

/** A user has at most one default profile: making one the default clears the flag on the others (all but `exceptUid`). */
export async function clearDefaultProfile(db: Executor, userId: number, exceptUid?: string): Promise<void> {
  let query = db.updateTable('scan_profiles').set({ is_default: false }).where('user_id', '=', userId);
  if (exceptUid !== undefined) query = query.where('uid', '!=', exceptUid);
  await query.execute();
}

export async function insertProfile(db: Executor, userId: number, uid: string, input: ScanProfileInput): Promise<ScanProfile> {
  const row = await db
    .insertInto('scan_profiles')
    .values({
      uid,
      user_id: userId,
      name: input.name,
      is_default: input.is_default,
      count_zero_values: input.count_zero_values,
      checks: JSON.stringify(input.checks),
      additional_checks: JSON.stringify(input.additional_checks),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProfile(row);
}

export async function updateProfile(
  db: Executor,
  userId: number,
  uid: string,
  patch: Partial<ScanProfileInput>,
): Promise<ScanProfile | undefined> {
  const row = await db
    .updateTable('scan_profiles')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.is_default !== undefined ? { is_default: patch.is_default } : {}),
      ...(patch.count_zero_values !== undefined ? { count_zero_values: patch.count_zero_values } : {}),
      ...(patch.checks !== undefined ? { checks: JSON.stringify(patch.checks) } : {}),
      ...(patch.additional_checks !== undefined ? { additional_checks: JSON.stringify(patch.additional_checks) } : {}),
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .where('uid', '=', uid)
    .returningAll()
    .executeTakeFirst();
  return row && toProfile(row);
}

export async function deleteProfile(db: Executor, userId: number, uid: string): Promise<boolean> {
  const result = await db.deleteFrom('scan_profiles').where('user_id', '=', userId).where('uid', '=', uid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
