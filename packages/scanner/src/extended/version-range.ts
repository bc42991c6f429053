/** A dotted version as pages reveal it: `3.4.1`, `1.13.0-rc.1`, `7` (major only). */
export interface Version {
  /** Numeric segments as written; `7` has one, `3.4.1` three. */
  parts: number[];
  /** Pre-release label (`rc.1`), which sorts before the release it precedes; null for a release. */
  prerelease: string | null;
}

/** Affected versions: from `from` (inclusive, open when absent) to `before` (exclusive, open when absent). */
export interface VersionRange {
  from?: string;
  before?: string;
}

// Build metadata (`+deb8u1`) is dropped; anything else (commit hashes, `latest`) is no version.
const VERSION = /^v?(\d+(?:\.\d+)*)(?:-([0-9a-z.-]+))?(?:\+[0-9a-z.-]+)?$/i;

/** Pure: parses a version string, or null when it is not a dotted version. */
export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  return { parts: match[1]!.split('.').map(Number), prerelease: match[2] ?? null };
}

/** Pre-release labels compare by dot-separated identifiers: numbers numerically and before words (SemVer §11). */
function comparePrerelease(left: string | null, right: string | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  const a = left.split('.');
  const b = right.split('.');
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNumeric = /^\d+$/.test(x);
    const yNumeric = /^\d+$/.test(y);
    if (xNumeric && yNumeric && Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    if (xNumeric !== yNumeric) return xNumeric ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Pure: -1, 0 or 1; missing segments count as 0 (`3.5` equals `3.5.0`). */
export function compareVersions(left: Version, right: Version): number {
  for (let index = 0; index < Math.max(left.parts.length, right.parts.length); index += 1) {
    const x = left.parts[index] ?? 0;
    const y = right.parts[index] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return comparePrerelease(left.prerelease, right.prerelease);
}

/** The first release after every version a partial one may stand for: `3.4` → `3.5`, `7` → `8`. */
function nextAtLastSegment(version: Version): Version {
  const parts = [...version.parts];
  parts[parts.length - 1]! += 1;
  return { parts, prerelease: null };
}

/** Whether every release `version` may stand for lies below `before`. */
function entirelyBelow(version: Version, before: Version): boolean {
  // Written with fewer segments than the bound (`3` against 3.5.0), a release stands for all of them.
  const partial = version.prerelease === null && version.parts.length < before.parts.length;
  return partial ? compareVersions(nextAtLastSegment(version), before) <= 0 : compareVersions(version, before) < 0;
}

function boundOf(text: string | undefined): Version | null {
  if (text === undefined) return null;
  const bound = parseVersion(text);
  if (!bound) throw new Error(`Invalid version bound "${text}"`);
  return bound;
}

/**
 * Pure: whether `version` is certainly inside `range`. A partial version stands for every release
 * it could be, so it matches only when all of them are affected: `3` is not known to be below
 * 3.5.0, `3.4` is. A version that does not parse never matches a bounded range; an unbounded range
 * (a whole product at end of life) matches any version, even an unknown one.
 */
export function versionInRange(version: string | null | undefined, range: VersionRange): boolean {
  const from = boundOf(range.from);
  const before = boundOf(range.before);
  if (!from && !before) return true;
  const parsed = version ? parseVersion(version) : null;
  if (!parsed) return false;
  if (from && compareVersions(parsed, from) < 0) return false;
  return !before || entirelyBelow(parsed, before);
}
