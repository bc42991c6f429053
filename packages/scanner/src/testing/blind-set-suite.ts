import { describe, expect, it } from 'vitest';
import { loadFixtureSites } from './fixture-server.ts';
import { fixtureScans } from './fixture-scans.ts';

/** A site of a blind set and what it is, in one line. */
export type BlindSite = readonly [host: string, what: string];

/**
 * The tests of a blind set (a folder of kits and honest pages written without reading the
 * detectors): full scans with Chromium, one page rendered at a time. Only the outcome an analyst would give is
 * asserted, never which rule gives it: every kit is Risky (>= 60), every honest page stays Good
 * (<= 39), and the lists name every site of the folder, or, for a `sample` of it (to keep the
 * suite's time), only sites of the folder with the kind its manifest gives.
 */
export function describeBlindSet(
  name: string,
  sitesDir: string,
  kits: readonly BlindSite[],
  honest: readonly BlindSite[],
  { sample = false } = {},
): void {
  const sites = new Map(loadFixtureSites(sitesDir).map((site) => [site.host, site]));
  const fullScan = fixtureScans({ sitesDir });

  describe.concurrent(`${name} (full scans with Chromium)`, { timeout: 60_000 }, () => {
    it(`lists ${sample ? 'kits and honest pages' : 'every kit and honest page'} of the folder, with the kind its manifest gives`, () => {
      const byKind = (kind: string) => [...sites.values()].filter((site) => site.manifest.kind === kind).map((site) => site.host);
      const listed = (list: readonly BlindSite[]) => list.map(([host]) => host).sort();
      if (sample) {
        expect(byKind('malicious')).toEqual(expect.arrayContaining(listed(kits)));
        expect(byKind('benign')).toEqual(expect.arrayContaining(listed(honest)));
        return;
      }
      expect(listed(kits)).toEqual(byKind('malicious'));
      expect(listed(honest)).toEqual(byKind('benign'));
    });

    it.each(kits)('%s is Risky (%s)', async (host) => {
      const { result } = await fullScan(host);
      expect(result.capture?.status, result.capture?.message).toBe('complete');
      expect(result.overall_risk).toBeGreaterThanOrEqual(60);
    });

    it.each(honest)('%s stays Good (%s)', async (host) => {
      const { result } = await fullScan(host);
      expect(result.capture?.status, result.capture?.message).toBe('complete');
      expect(result.overall_risk).toBeLessThanOrEqual(39);
    });
  });
}
