import { type RawBuilder, sql } from 'kysely';

/**
 * Finds rows by an id derived from `md5(seedPrefix || column)` without storing it: `bits` are the
 * 122 hash bits a UUIDv4-form id keeps (TAXII's `match[id]`, see `taxii/stix-indicator.ts`).
 */
export type SeedHashMatch = { seedPrefix: string; bits: string[] };

/** SQL true when `md5(seedPrefix || value)` carries one of `match.bits`. */
export function seedHashMatches(value: RawBuilder<string>, match: SeedHashMatch): RawBuilder<boolean> {
  const hash = sql<string>`md5(${match.seedPrefix} || ${value})`;
  return sql<boolean>`(substr(${hash}, 1, 12) || substr(${hash}, 14, 3) || substr(${hash}, 18)) in (${sql.join(match.bits)})`;
}
