/**
 * `npm test` starts here: the browser tests and the end-to-end suite drive the system Chromium,
 * and a missing browser should stop the run with what to do, not surface as dozens of failures.
 */
import { findChromium } from '../packages/scanner/src/browser/chromium-path.ts';

if (!findChromium(process.env.CHROMIUM_PATH)) {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not executable` : 'Chromium not found';
  console.error(
    `${where}: the browser tests (Vitest) and the end-to-end tests (Playwright) need it; install it with 'npm run setup:chromium' (Debian/Ubuntu, as root) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
