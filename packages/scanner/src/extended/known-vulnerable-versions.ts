import { readFileSync } from 'node:fs';
import type { WebTech } from '@riskscan/contracts';
import { z } from 'zod';
import { parseVersion, versionInRange } from './version-range.ts';

const versionText = z.string().refine((text) => parseVersion(text) !== null, 'not a dotted version');

const advisorySchema = z.object({
  /** As named in the fingerprints. */
  technology: z.string().min(1),
  from: versionText.optional(),
  before: versionText.optional(),
  /** The first safe release; null when the branch gets none (end of life). */
  fixed: versionText.nullable(),
  /** Applies only from this date (end of life); absent: from publication. */
  endOfLife: z.iso.date().optional(),
  /** CVE ids, or a name such as "PHP 7.4 end of life". */
  advisory: z.string().min(1),
  severity: z.enum(['low', 'medium', 'high']),
  /** What the flaw lets an attacker do, a clause that reads after "affected by …:". */
  summary: z.string().min(1),
});
export type KnownVulnerability = z.infer<typeof advisorySchema>;

const dataSchema = z.object({ entries: z.array(advisorySchema) });

/** Pure: validates a curated list. */
export function parseKnownVulnerabilities(data: unknown): KnownVulnerability[] {
  return dataSchema.parse(data).entries;
}

let bundled: KnownVulnerability[] | null = null;

/** The curated list shipped in `data/known-vulnerable-versions.json`, read once. */
export function bundledKnownVulnerabilities(): KnownVulnerability[] {
  bundled ??= parseKnownVulnerabilities(
    JSON.parse(readFileSync(new URL('./data/known-vulnerable-versions.json', import.meta.url), 'utf8')),
  );
  return bundled;
}

/** A detected technology and the advisories its version falls under. */
export interface VulnerableTechnology {
  technology: WebTech;
  advisories: KnownVulnerability[];
}

/** Pure: the detected technologies with a known-vulnerable or end-of-life version at `now`, in detection order. */
export function findVulnerableVersions(
  detected: readonly WebTech[],
  known: readonly KnownVulnerability[],
  now: Date,
): VulnerableTechnology[] {
  const today = now.toISOString().slice(0, 10);
  return detected.flatMap((technology) => {
    const advisories = known.filter(
      (entry) =>
        entry.technology === technology.name &&
        (entry.endOfLife === undefined || entry.endOfLife <= today) &&
        versionInRange(technology.version, entry),
    );
    return advisories.length > 0 ? [{ technology, advisories }] : [];
  });
}
