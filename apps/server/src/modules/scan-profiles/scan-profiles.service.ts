import type { ScanProfile, ScanProfileInput } from '@riskscan/contracts';
import { CORE_CHECKS, DEFAULT_PROFILE_UID, defaultScanProfile } from '@riskscan/scanner';
import type { Db } from '../../db/database.ts';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, InvalidError, NotFoundError } from '../../domain-errors.ts';
import type { Entitlements } from '../billing/index.ts';
import {
  clearDefaultProfile,
  deleteProfile,
  findDefaultProfile,
  findProfile,
  insertProfile,
  listProfiles,
  updateProfile,
} from './scan-profiles.repository.ts';

export const PROFILE_NOT_FOUND = 'Scan profile not found.';
export const PROFILES_NOT_IN_PLAN = 'Your plan does not include custom scan profiles.';

/** What changing profiles needs: the database and billing's entitlements (does the plan keep profiles). */
export type ScanProfilesContext = { db: Db; entitlements: Pick<Entitlements, 'allows'> };

/** The built-in profile every account has; the default unless the user marked one of their own. */
export const builtInProfile = (): ScanProfile => defaultScanProfile(CORE_CHECKS);

/** The built-in profile first, then the user's own; exactly one is the default. */
export async function profilesOf(db: Db, userId: number): Promise<ScanProfile[]> {
  const own = await listProfiles(db, userId);
  return [{ ...builtInProfile(), is_default: !own.some((profile) => profile.is_default) }, ...own];
}

/**
 * The profile a scan applies: the one named, else the user's default; null means the built-in
 * one. An unknown or someone else's uid is refused the same way.
 */
export async function profileForScan(db: Db, userId: number | null, uid: string | undefined): Promise<ScanProfile | null> {
  if (uid === undefined || uid === '' || uid === DEFAULT_PROFILE_UID) {
    return uid === undefined && userId !== null ? ((await findDefaultProfile(db, userId)) ?? null) : null;
  }
  const profile = userId === null ? undefined : await findProfile(db, userId, uid);
  if (!profile) throw new InvalidError(PROFILE_NOT_FOUND);
  return profile;
}

/** Profiles may only name the checks the scanner has, so a typo never silently does nothing. */
function assertKnownChecks(checks: ScanProfileInput['checks'] | undefined): void {
  if (!checks) return;
  const known = new Set(builtInProfile().checks.flatMap((check) => check.details.map((detail) => `${check.category}\u0000${detail.name}`)));
  const unknown = checks.flatMap((check) =>
    check.details
      .filter((detail) => !known.has(`${check.category}\u0000${detail.name}`))
      .map((detail) => `${check.category}: ${detail.name}`),
  );
  if (unknown.length > 0) throw new InvalidError({ checks: unknown.map((name) => `Unknown check ${name}.`) });
}

async function mayWrite(ctx: ScanProfilesContext, userId: number): Promise<void> {
  if (!(await ctx.entitlements.allows(userId, 'scan_profiles'))) throw new ForbiddenError(PROFILES_NOT_IN_PLAN);
}

export async function createProfile(ctx: ScanProfilesContext, userId: number, input: ScanProfileInput): Promise<ScanProfile> {
  await mayWrite(ctx, userId);
  assertKnownChecks(input.checks);
  // One transaction: a write that fails leaves the old default in place.
  return ctx.db.transaction().execute(async (trx) => {
    if (input.is_default) await clearDefaultProfile(trx, userId);
    return insertProfile(trx, userId, randomUUID(), input);
  });
}

export async function changeProfile(
  ctx: ScanProfilesContext,
  userId: number,
  uid: string,
  patch: Partial<ScanProfileInput>,
): Promise<ScanProfile> {
  await mayWrite(ctx, userId);
  assertKnownChecks(patch.checks);
  // One transaction: a write that fails leaves the old default in place.
  const profile = await ctx.db.transaction().execute(async (trx) => {
    if (patch.is_default) await clearDefaultProfile(trx, userId, uid);
    return updateProfile(trx, userId, uid, patch);
  });
  if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
  return profile;
}

export async function removeProfile(ctx: ScanProfilesContext, userId: number, uid: string): Promise<void> {
  if (!(await deleteProfile(ctx.db, userId, uid))) throw new NotFoundError(PROFILE_NOT_FOUND);
}
