import type { CheckResult } from '@riskscan/contracts';
import { LOOKALIKE_MAX_DISTANCE } from '@riskscan/scanner';

/**
 * Look-alike search over 64-bit page fingerprints (decision 300), multi-index hashing: a hash is
 * cut into four 16-bit bands; two hashes at most 4r+3 bits apart have, by the pigeonhole principle,
 * one band at most r bits apart, so the candidates are the rows whose band equals one of that
 * band's probes (itself and its neighbours up to r bits away: 17 for r = 1, 137 for r = 2), found
 * through the band indexes, and only they get the exact distance.
 */
export const FINGERPRINT_KINDS = ['screenshot', 'top_fold', 'favicon', 'structure'] as const;
export type FingerprintKind = (typeof FINGERPRINT_KINDS)[number];
export type Fingerprint = { kind: FingerprintKind; hash: string };

const BANDS = 4;
const BAND_BITS = 16;
/** Past 2 bits a band has 697 probes and the candidate sets grow too large to answer fast. */
const MAX_PROBE_RADIUS = 2;

/** How many bits apart a scan may be from the one searched for, per kind. */
export const MAX_DISTANCE: Record<FingerprintKind, number> = {
  screenshot: LOOKALIKE_MAX_DISTANCE.screenshot,
  top_fold: LOOKALIKE_MAX_DISTANCE.topFold,
  favicon: LOOKALIKE_MAX_DISTANCE.favicon,
  structure: LOOKALIKE_MAX_DISTANCE.structure,
};
/** The smallest probe radius that finds every hash within `maxDistance`. */
export const probeRadius = (maxDistance: number) => Math.max(0, Math.ceil((maxDistance + 1) / BANDS) - 1);

for (const [kind, distance] of Object.entries(MAX_DISTANCE)) {
  if (probeRadius(distance) > MAX_PROBE_RADIUS)
    throw new Error(`The ${kind} threshold ${distance} is beyond what band probes answer fast.`);
}

export const isFingerprintHash = (text: string) => /^[0-9a-f]{16}$/.test(text);

/** The hash as PostgreSQL's signed `bigint`, in text. */
export const signedHash = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** The four 16-bit bands of a hash, most significant first. */
export function hashBands(hex: string): [number, number, number, number] {
  const value = BigInt(`0x${hex}`);
  const band = (index: number) => Number((value >> BigInt((BANDS - 1 - index) * BAND_BITS)) & 0xffffn);
  return [band(0), band(1), band(2), band(3)];
}

/** Every 16-bit value at most `radius` bits from `band`. */
function neighbours(band: number, radius: number): number[] {
  if (radius === 0) return [band];
  const found = new Set([band]);
  for (const near of neighbours(band, radius - 1)) for (let bit = 0; bit < BAND_BITS; bit++) found.add(near ^ (1 << bit));
  return [...found];
}

/** For each band, the values a candidate's band may take to be within `maxDistance` of `hex`. */
export function bandProbes(hex: string, maxDistance: number): number[][] {
  return hashBands(hex).map((band) => neighbours(band, probeRadius(maxDistance)));
}

/** The fingerprints a finished report is found by (reports from before issue 38 have none). */
export function fingerprintsOf(result: CheckResult): Fingerprint[] {
  const capture = result.capture;
  const hashes: [FingerprintKind, string | null | undefined][] = [
    ['screenshot', capture?.screenshot_hash],
    ['top_fold', capture?.top_fold_hash],
    ['favicon', capture?.favicon_hash],
    ['structure', capture?.dom_simhash],
  ];
  return hashes.flatMap(([kind, hash]) => (hash && isFingerprintHash(hash) ? [{ kind, hash }] : []));
}
