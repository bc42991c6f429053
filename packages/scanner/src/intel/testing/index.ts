import { fileURLToPath } from 'node:url';

export { type FakeSafeBrowsing, type SafeBrowsingCall, startFakeSafeBrowsing } from './fake-safe-browsing.ts';

/** Feed documents in each real format (URLhaus CSV, OpenPhish text, PhishTank JSON, plain list). */
export const FEED_FIXTURES_DIR = fileURLToPath(new URL('../feeds/fixtures/', import.meta.url));
