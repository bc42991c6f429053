import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './packages/scanner/src/browser/chromium-path.ts';

/** The system Chromium from the OS packages: Playwright never downloads a browser here. */
const chromiumPath = findChromium(process.env.CHROMIUM_PATH);
if (!chromiumPath) throw new Error("Chromium not found: install it with 'npm run setup:chromium' or set CHROMIUM_PATH");

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // Decision 684: one retry everywhere, as in the Vitest project that drives Chromium.
  retries: 1,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but no screencast:
    // the filmstrip made every test's browser encode frames, about a quarter of the suite's
    // browser CPU (session 10, docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          // Root cannot use Chromium's sandbox; the background flags stop calls to Google's hosts.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
