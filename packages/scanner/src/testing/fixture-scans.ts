import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { scan } from '../scan.ts';
import { type ChromiumFixtureWorld, startChromiumFixtureWorld } from './chromium-fixture-world.ts';
import { loadFixtureSites } from './fixture-server.ts';

/**
 * Scans of fixture sites by name for a test file: starts a Chromium fixture world before the
 * file's tests and closes it after. One context: a file's concurrent tests render one page at a
 * time (each waits half a second for the page's network to fall quiet) while their other steps
 * overlap; with two test files per core (decision 590) the machine renders up to four pages at
 * once, and two contexts a file (eight) made heavy pages miss the load cap.
 */
export function fixtureScans(options: { sitesDir?: string } = {}) {
  const sites = new Map(loadFixtureSites(options.sitesDir).map((site) => [site.host, site]));
  let world: ChromiumFixtureWorld;
  beforeAll(async () => {
    world = await startChromiumFixtureWorld({ sitesDir: options.sitesDir, contexts: 1 });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  async function scanOnce(host: string, rendered: boolean) {
    const site = sites.get(host);
    if (!site) throw new Error(`no fixture site ${host}`);
    const result = await scan(site.entryUrl, rendered ? world.fullScanOptions : world.scanOptions);
    const all = result.checks.flatMap((category) => category.details);
    return {
      site,
      result,
      all,
      details: new Map(all.map((detail) => [detail.name, detail])),
      classes: result.classification.map((entry) => entry.name),
    };
  }

  /**
   * A failed test's retry (decision 684) scans again: a capture a loaded machine cut short is not
   * kept. Vitest knows which test is running only until the first of a file's concurrent tests
   * ends, so a call after that (a retry's, most often) finds none: its scan is then kept, which
   * costs a retry its fresh capture but never fails a test that would pass.
   */
  function dropOnFailure(drop: () => void): void {
    try {
      onTestFailed(drop);
    } catch {
      // No current test (see above).
    }
  }

  // Tests read reports and never change them: a site two tests of the file ask for is scanned once.
  const scans = new Map<string, ReturnType<typeof scanOnce>>();
  /** Scans a fixture host as a server does: with Chromium, or without (`rendered: false`) as a static scan. */
  return function scanSite(host: string, { rendered = true } = {}) {
    const key = `${rendered ? 'full' : 'static'} ${host}`;
    dropOnFailure(() => scans.delete(key));
    let scanned = scans.get(key);
    if (!scanned) scans.set(key, (scanned = scanOnce(host, rendered)));
    return scanned;
  };
}
