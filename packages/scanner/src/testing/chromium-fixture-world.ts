import { createBrowserPool, type BrowserPool } from '../browser/browser-pool.ts';
import { createBrowserRenderStage } from '../browser/browser-render-stage.ts';
import { findChromium } from '../browser/chromium-path.ts';
import type { ScannerOptions } from '../scan-options.ts';
import { type FixtureWorld, type FixtureWorldPorts, startFixtureWorld } from './fixture-world.ts';

/** The fixture world with the system Chromium: `fullScanOptions` scan as a server does, rendering each page. */
export interface ChromiumFixtureWorld extends FixtureWorld {
  pool: BrowserPool;
  fullScanOptions: ScannerOptions;
}

/**
 * Starts the fixture world and a browser pool of `contexts` contexts (scans rendered at once).
 * Chromium starts with the first full scan, so a file's static scans never wait for it.
 */
export async function startChromiumFixtureWorld(
  options: Pick<FixtureWorldPorts, 'sitesDir'> & { contexts?: number } = {},
): Promise<ChromiumFixtureWorld> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('These tests drive the system Chromium; install it or set CHROMIUM_PATH');
  const world = await startFixtureWorld({ sitesDir: options.sitesDir });
  const pool = createBrowserPool({ executablePath, size: options.contexts ?? 1, closeTimeoutMs: 3_000 });
  return {
    ...world,
    pool,
    fullScanOptions: { ...world.scanOptions, render: createBrowserRenderStage({ pool, screenshots: null }) },
    close: async () => {
      await pool.close();
      await world.close();
    },
  };
}
