/** Test support for other packages: fixture sites under real-looking names, loopback DNS, a throwaway CA. */
export { startFixtureWorld, type FixtureWorld } from './fixture-world.ts';
export { startChromiumFixtureWorld, type ChromiumFixtureWorld } from './chromium-fixture-world.ts';
export {
  startFixtureServer,
  loadFixtureSites,
  FIXTURE_SITES_DIR,
  type FixtureServer,
  type FixtureSite,
  type SiteManifest,
} from './fixture-server.ts';
export { startLoopbackDns, type LoopbackDns, type LoopbackRecord, type ZoneEntry } from './loopback-dns.ts';
export { createTestCa, type TestCa } from './test-ca.ts';
export { startS3TestServer, type S3TestServer } from '../capture/testing/s3-test-server.ts';
export { startRecordingProxy, type RecordingProxy, type ProxiedRequest } from './recording-proxy.ts';
export { LOGIN_PAGE } from '../mail/testing/login-page.ts';
export {
  OUTLOOK_FIXTURES_DIR,
  outlookMessage,
  phishingOutlookMessage,
  storedRtf,
  type OutlookSpec,
} from '../mail/testing/outlook-files.ts';
export { collectedFor, HARNESS_NOW } from './check-harness.ts';
export { startRdapRegistry, type RdapRegistry } from '../extended/testing/rdap-registry.ts';
export { startPassiveDnsServer } from '../extended/testing/passive-dns-server.ts';
export { startBrowserTestWorld } from '../browser/testing/browser-test-world.ts';
