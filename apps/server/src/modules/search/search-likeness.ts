import type { CheckResult } from '@riskscan/contracts';
import { LOOKALIKE_MAX_DISTANCE } from '@riskscan/scanner';

/**
 * Look-alike search over 64-bit page fingerprints (decision 300): a hash is cut into four 16-bit
 * bands; two hashes at most 7 bits apart have, by the pigeonhole principle, one band at most 1 bit
 * apart, so the candidates are the rows whose band equals one of that band's 17 probes (itself and
 * its 16 one-bit neighbours), found through the band indexes, and only they get the exact distance.
 */
export const FINGERPRINT_KINDS = ['screenshot', 'top_fold', 'favicon', 'structure'] as const;
export type FingerprintKind = (typeof FINGERPRINT_KINDS)[number];
export type Fingerprint = { kind: FingerprintKind; hash: string };

const BANDS = 4;
const BAND_BITS = 16;
/** Radius of the probes in one band: the threshold must stay within what the probes guarantee. */
const PROBE_RADIUS = 1;
const GUARANTEED_DISTANCE = BANDS * (PROBE_RADIUS + 1) - 1;

/** How many bits apart a scan may be from the one searched for, per kind. */
export const MAX_DISTANCE: Record<FingerprintKind, number> = {
  screenshot: LOOKALIKE_MAX_DISTANCE.screenshot,
  top_fold: LOOKALIKE_MAX_DISTANCE.topFold,
  favicon: LOOKALIKE_MAX_DISTANCE.favicon,
  structure: LOOKALIKE_MAX_DISTANCE.structure,
};
for (const [kind, distance] of Object.entries(MAX_DISTANCE)) {
  if (distance > GUARANTEED_DISTANCE) throw new Error(`The ${kind} threshold ${distance} exceeds what band probes find (${GUARANTEED_DISTANCE}).`);
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

/** For each band, the values a candidate's band may take: the band itself and its one-bit neighbours. */
export function bandProbes(hex: string): number[][] {
  return hashBands(hex).map((band) => [band, ...Array.from({ length: BAND_BITS }, (_, bit) => band ^ (1 << bit))]);
}

/** The fingerprints a finished report is found by (older reports carry only the screenshot's). */
export function fingerprintsOf(result: CheckResult): Fingerprint[] {
  const capture = result.capture;
  const hashes: [FingerprintKind, string | null | undefined][] = [
    ['screenshot', capture?.screenshot_phash],
    ['top_fold', capture?.top_fold_phash],
    ['favicon', capture?.favicon_hash],
    ['structure', capture?.dom_simhash],
  ];
  return hashes.flatMap(([kind, hash]) => (hash && isFingerprintHash(hash) ? [{ kind, hash }] : []));
}
